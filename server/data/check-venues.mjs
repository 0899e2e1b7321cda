#!/usr/bin/env node
// Validates server/data/venues.json.
// Usage: node server/data/check-venues.mjs [path/to/venues.json]
// Exits 1 when any check fails; prints every problem found.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tzlookup = require('@photostructure/tz-lookup');

const here = dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? join(here, 'venues.json');

const MIN_COUNT = 200;
const SPORTS = new Set([
  'Baseball', 'Football', 'Basketball', 'Hockey', 'Soccer',
  'Tennis', 'Swimming', 'Track', 'Volleyball', 'Multi-sport',
]);
const FIELDS = {
  id: 'string', name: 'string', address: 'string', city: 'string', state: 'string',
  zip: 'string', latitude: 'number', longitude: 'number', timezone: 'string', sport: 'string',
};

// Rough bounding boxes per state: [minLat, maxLat, minLng, maxLng].
// Hand-written from the states' extreme points; a margin is added when testing.
const STATE_BBOX = {
  AL: [30.14, 35.01, -88.47, -84.89], AK: [51.2, 71.5, -179.2, -129.9],
  AZ: [31.33, 37.00, -114.82, -109.04], AR: [33.00, 36.50, -94.62, -89.64],
  CA: [32.53, 42.01, -124.48, -114.13], CO: [36.99, 41.00, -109.06, -102.04],
  CT: [40.95, 42.05, -73.73, -71.79], DE: [38.45, 39.84, -75.79, -75.05],
  DC: [38.79, 39.00, -77.12, -76.91], FL: [24.40, 31.00, -87.63, -80.03],
  GA: [30.36, 35.00, -85.61, -80.84], HI: [18.90, 22.24, -160.25, -154.80],
  ID: [41.99, 49.00, -117.24, -111.04], IL: [36.97, 42.51, -91.51, -87.02],
  IN: [37.77, 41.76, -88.10, -84.78], IA: [40.37, 43.50, -96.64, -90.14],
  KS: [36.99, 40.00, -102.05, -94.59], KY: [36.50, 39.15, -89.57, -81.96],
  LA: [28.93, 33.02, -94.04, -88.82], ME: [43.06, 47.46, -71.08, -66.95],
  MD: [37.91, 39.72, -79.49, -75.05], MA: [41.24, 42.89, -73.51, -69.93],
  MI: [41.70, 48.31, -90.42, -82.41], MN: [43.50, 49.38, -97.24, -89.49],
  MS: [30.17, 35.00, -91.66, -88.10], MO: [35.99, 40.61, -95.77, -89.10],
  MT: [44.36, 49.00, -116.05, -104.04], NE: [40.00, 43.00, -104.05, -95.31],
  NV: [35.00, 42.00, -120.01, -114.04], NH: [42.70, 45.31, -72.56, -70.61],
  NJ: [38.93, 41.36, -75.56, -73.89], NM: [31.33, 37.00, -109.05, -103.00],
  NY: [40.50, 45.02, -79.76, -71.86], NC: [33.84, 36.59, -84.32, -75.46],
  ND: [45.94, 49.00, -104.05, -96.55], OH: [38.40, 41.98, -84.82, -80.52],
  OK: [33.62, 37.00, -103.00, -94.43], OR: [41.99, 46.29, -124.57, -116.46],
  PA: [39.72, 42.27, -80.52, -74.69], RI: [41.15, 42.02, -71.86, -71.12],
  SC: [32.03, 35.22, -83.35, -78.54], SD: [42.48, 45.95, -104.06, -96.44],
  TN: [34.98, 36.68, -90.31, -81.65], TX: [25.84, 36.50, -106.65, -93.51],
  UT: [37.00, 42.00, -114.05, -109.04], VT: [42.73, 45.02, -73.44, -71.46],
  VA: [36.54, 39.47, -83.68, -75.24], WA: [45.54, 49.00, -124.77, -116.92],
  WV: [37.20, 40.64, -82.64, -77.72], WI: [42.49, 47.08, -92.89, -86.25],
  WY: [40.99, 45.01, -111.06, -104.05],
};
const BBOX_MARGIN = 0.05; // degrees (~5 km)

// First three ZIP digits allowed per state (USPS prefix ranges).
const ZIP3 = {
  AL: [[350, 369]], AK: [[995, 999]], AZ: [[850, 865]], AR: [[716, 729]],
  CA: [[900, 961]], CO: [[800, 816]], CT: [[60, 69]], DE: [[197, 199]],
  DC: [[200, 205], [569, 569]], FL: [[320, 349]], GA: [[300, 319], [398, 399]],
  HI: [[967, 968]], ID: [[832, 838]], IL: [[600, 629]], IN: [[460, 479]],
  IA: [[500, 528]], KS: [[660, 679]], KY: [[400, 427]], LA: [[700, 714]],
  ME: [[39, 49]], MD: [[206, 219]], MA: [[10, 27], [55, 55]], MI: [[480, 499]],
  MN: [[550, 567]], MS: [[386, 397]], MO: [[630, 658]], MT: [[590, 599]],
  NE: [[680, 693]], NV: [[889, 898]], NH: [[30, 38]], NJ: [[70, 89]],
  NM: [[870, 884]], NY: [[5, 5], [63, 63], [100, 149]], NC: [[270, 289]],
  ND: [[580, 588]], OH: [[430, 459]], OK: [[730, 749]], OR: [[970, 979]],
  PA: [[150, 196]], RI: [[28, 29]], SC: [[290, 299]], SD: [[570, 577]],
  TN: [[370, 385]], TX: [[750, 799], [885, 885]], UT: [[840, 847]],
  VT: [[50, 59]], VA: [[201, 201], [220, 246]], WA: [[980, 994]],
  WV: [[247, 268]], WI: [[530, 549]], WY: [[820, 831]],
};

const problems = [];
const fail = (v, msg) => problems.push(`${v?.id ?? '(no id)'}: ${msg}`);

let venues;
try {
  venues = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`cannot read ${file}: ${e.message}`);
  process.exit(1);
}
if (!Array.isArray(venues)) {
  console.error(`${file}: top level is not an array`);
  process.exit(1);
}
if (venues.length < MIN_COUNT) problems.push(`(file): ${venues.length} venues, need >= ${MIN_COUNT}`);

// Intl.supportedValuesOf('timeZone') lists only CLDR-canonical names (e.g.
// America/Indianapolis), so test validity by constructing a formatter instead.
const isKnownZone = (tz) => {
  try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; }
};
const ids = new Map();
const namesByCity = new Map();
let tzChecked = 0;

for (const [i, v] of venues.entries()) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    problems.push(`(index ${i}): not an object`);
    continue;
  }
  // fields present, typed, and nothing extra
  let typesOk = true;
  for (const [k, t] of Object.entries(FIELDS)) {
    if (!(k in v)) { fail(v, `missing field "${k}"`); typesOk = false; continue; }
    if (typeof v[k] !== t) { fail(v, `"${k}" should be ${t}, got ${typeof v[k]}`); typesOk = false; continue; }
    if (t === 'string' && v[k].trim() === '') { fail(v, `"${k}" is empty`); typesOk = false; }
    if (t === 'number' && !Number.isFinite(v[k])) { fail(v, `"${k}" is not finite`); typesOk = false; }
  }
  for (const k of Object.keys(v)) if (!(k in FIELDS)) fail(v, `unexpected field "${k}"`);
  if (!typesOk) continue;

  // formats
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v.id)) fail(v, `id is not a lowercase slug`);
  if (!/^\d{5}$/.test(v.zip)) fail(v, `zip "${v.zip}" is not 5 digits`);
  if (!/^[A-Z]{2}$/.test(v.state)) fail(v, `state "${v.state}" is not a 2-letter code`);
  if (!SPORTS.has(v.sport)) fail(v, `sport "${v.sport}" not in ${[...SPORTS].join(', ')}`);
  if (v.latitude < -90 || v.latitude > 90) fail(v, `latitude ${v.latitude} out of range`);
  if (v.longitude < -180 || v.longitude > 180) fail(v, `longitude ${v.longitude} out of range`);
  if (!isKnownZone(v.timezone)) fail(v, `timezone "${v.timezone}" is not a known IANA zone`);

  // address should end with "City, ST ZIP, USA"
  const tail = `, ${v.city}, ${v.state} ${v.zip}, USA`;
  if (!v.address.endsWith(tail)) fail(v, `address does not end with "${tail}"`);

  // uniqueness
  if (ids.has(v.id)) fail(v, `duplicate id (also at index ${ids.get(v.id)})`);
  else ids.set(v.id, i);
  const cityKey = `${v.city}|${v.state}`.toLowerCase();
  const names = namesByCity.get(cityKey) ?? new Set();
  if (names.has(v.name.toLowerCase())) fail(v, `duplicate name "${v.name}" in ${v.city}, ${v.state}`);
  names.add(v.name.toLowerCase());
  namesByCity.set(cityKey, names);

  // coordinates inside the state's bounding box
  const box = STATE_BBOX[v.state];
  if (!box) {
    fail(v, `no bounding box for state "${v.state}"`);
  } else {
    const [s, n, w, e] = box;
    const m = BBOX_MARGIN;
    if (v.latitude < s - m || v.latitude > n + m || v.longitude < w - m || v.longitude > e + m) {
      fail(v, `(${v.latitude}, ${v.longitude}) is outside the ${v.state} bounding box`);
    }
  }

  // ZIP prefix consistent with state
  const ranges = ZIP3[v.state];
  if (ranges && /^\d{5}$/.test(v.zip)) {
    const p = Number(v.zip.slice(0, 3));
    if (!ranges.some(([lo, hi]) => p >= lo && p <= hi)) fail(v, `zip ${v.zip} is not a ${v.state} ZIP prefix`);
  }

  // time zone from coordinates must match
  if (v.latitude >= -90 && v.latitude <= 90 && v.longitude >= -180 && v.longitude <= 180) {
    const tz = tzlookup(v.latitude, v.longitude);
    tzChecked++;
    if (tz !== v.timezone) fail(v, `timezone "${v.timezone}" but tz-lookup(${v.latitude}, ${v.longitude}) = "${tz}"`);
  }
}

// summary
const bySport = {};
const byState = {};
for (const v of venues) {
  if (v && typeof v === 'object') {
    bySport[v.sport] = (bySport[v.sport] ?? 0) + 1;
    byState[v.state] = (byState[v.state] ?? 0) + 1;
  }
}
console.log(`${file}`);
console.log(`venues: ${venues.length} (minimum ${MIN_COUNT}); states: ${Object.keys(byState).length}; tz-lookup checks: ${tzChecked}`);
console.log('by sport: ' + Object.entries(bySport).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', '));
if (problems.length) {
  console.log(`\n${problems.length} problem(s):`);
  for (const p of problems) console.log('  ' + p);
  console.log(`\n${venues.length - new Set(problems.map((p) => p.split(':')[0])).size} passed, ${new Set(problems.map((p) => p.split(':')[0])).size} failed`);
  process.exit(1);
}
console.log(`\n${venues.length} passed, 0 failed`);
