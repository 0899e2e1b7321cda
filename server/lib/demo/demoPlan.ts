/**
 * What the demo holds, as a pure function of the current time and the shipped venue list: which venues, which
 * events (past, live now, upcoming, in each venue's own time zone), which clips and which of the coach's tags.
 * seedDemo.ts writes it to the database and makes the clip files; nothing here touches either.
 */
import { DateTime } from 'luxon';
import type { Venue } from '../venues';
import type { DemoPerson } from './demoAccounts';

const MINUTE = 60_000;
const SECOND = 1_000;
export const DEMO_VENUE_COUNT = 12;

export type EventTiming = 'past' | 'live' | 'upcoming';

export interface PlannedEvent {
  key: string;
  name: string;
  sport: string;
  venueId: string;
  timezone: string;
  start: Date;
  end: Date | null;
  timing: EventTiming;
}

export interface DemoDevice {
  make: string;
  model: string;
  /** "Make Model", what clips.device holds and what the file's make/model tags say. */
  label: string;
  platform: 'apple' | 'android';
}

export interface PlannedClip {
  key: string;
  owner: DemoPerson;
  eventKey: string | null;
  recordedAt: Date;
  /** Whole seconds, 4–10. */
  duration: number;
  device: DemoDevice;
  /** The name the phone would have given it. */
  filename: string;
  /** Which test picture the video shows (demoVideo.ts), so a grid of clips does not look like one clip. */
  look: number;
}

/** Always the coach's: a tag is never shared, and the coach is who the demo signs in as. */
export interface PlannedTag {
  key: string;
  eventKey: string;
  taggedAt: Date;
  description: string | null;
  latitude: number;
  longitude: number;
}

export interface DemoPlan {
  venues: Venue[];
  events: PlannedEvent[];
  clips: PlannedClip[];
  tags: PlannedTag[];
}

function device(make: string, model: string, platform: DemoDevice['platform']): DemoDevice {
  return { make, model, label: `${make} ${model}`, platform };
}
export const DEMO_DEVICES = {
  iphone: device('Apple', 'iPhone 15 Pro', 'apple'),
  galaxy: device('Samsung', 'Galaxy S24', 'android'),
  pixel: device('Google', 'Pixel 8', 'android'),
} as const;

/**
 * A few metros per US time zone, several venues in each, so the demo spans zones and "nearby" finds more
 * than one venue around any of them. A city missing from the list falls back to the rest of its zone.
 */
const METROS: readonly { zone: string; city: string; count: number }[] = [
  { zone: 'America/New_York', city: 'Boston', count: 3 },
  { zone: 'America/Chicago', city: 'Chicago', count: 3 },
  { zone: 'America/Denver', city: 'Denver', count: 2 },
  { zone: 'America/Los_Angeles', city: 'Los Angeles', count: 3 },
  { zone: 'America/Phoenix', city: 'Phoenix', count: 1 },
];

const byId = (a: Venue, b: Venue): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One venue of each sport first, then the repeats (stable), so the chosen few vary in sport. */
function sportsFirst(venues: Venue[]): Venue[] {
  const seen = new Set<string | null>();
  const first: Venue[] = [];
  const rest: Venue[] = [];
  for (const v of venues) {
    (seen.has(v.sport) ? rest : first).push(v);
    seen.add(v.sport);
  }
  return [...first, ...rest];
}

/** ~12 venues across time zones and sports; the same list always gives the same choice. */
export function pickDemoVenues(venues: readonly Venue[], count = DEMO_VENUE_COUNT): Venue[] {
  const sorted = [...venues].sort(byId);
  const chosen: Venue[] = [];
  const taken = new Set<string>();
  for (const metro of METROS) {
    const inZone = sorted.filter((v) => v.timezone === metro.zone && !taken.has(v.id));
    const ordered = [
      ...sportsFirst(inZone.filter((v) => v.city === metro.city)),
      ...sportsFirst(inZone.filter((v) => v.city !== metro.city)),
    ];
    for (const v of ordered.slice(0, Math.min(metro.count, count - chosen.length))) {
      chosen.push(v);
      taken.add(v.id);
    }
  }
  for (const v of sportsFirst(sorted.filter((x) => !taken.has(x.id)))) {
    if (chosen.length >= count) break;
    chosen.push(v);
  }
  return chosen;
}

interface EventTemplate {
  timing: EventTiming;
  /** Days from the venue's today, and the local start time ('HH:mm'); unused for live events. */
  day?: number;
  at?: string;
  /** Length in minutes; null = no end time (open-ended). */
  minutes: number | null;
  coachClips?: number;
  parentClips?: number;
}

/**
 * About 20 events: 2 live now (one with an end, one open-ended), 10 in the last 3 weeks, 6 in the next 7 days
 * and 2 beyond. Interleaved, so that assigning them to the venues in turn spreads every kind over the zones.
 * Past days end by 23:00 local, upcoming days are 1–6 days ahead: both stay on their side of `now` whatever
 * the hour. Two past events have tags but no clips.
 */
const EVENT_TEMPLATES: readonly EventTemplate[] = [
  { timing: 'live', minutes: 150, coachClips: 3, parentClips: 2 },
  { timing: 'past', day: -1, at: '18:30', minutes: 120, coachClips: 4, parentClips: 2 },
  { timing: 'upcoming', day: 1, at: '18:00', minutes: 120 },
  { timing: 'past', day: -2, at: '10:00', minutes: 90, coachClips: 3 },
  { timing: 'live', minutes: null, coachClips: 2 },
  { timing: 'past', day: -3, at: '19:00', minutes: 150, coachClips: 4, parentClips: 2 },
  { timing: 'upcoming', day: 2, at: '10:30', minutes: 90 },
  { timing: 'past', day: -4, at: '20:00', minutes: 90 },
  { timing: 'past', day: -5, at: '13:00', minutes: null, coachClips: 3 },
  { timing: 'upcoming', day: 3, at: '19:00', minutes: null },
  { timing: 'past', day: -7, at: '17:30', minutes: 120, coachClips: 3 },
  { timing: 'upcoming', day: 4, at: '17:00', minutes: 120 },
  { timing: 'past', day: -9, at: '11:00', minutes: 120, coachClips: 2 },
  { timing: 'upcoming', day: 5, at: '12:00', minutes: 150 },
  { timing: 'past', day: -12, at: '19:30', minutes: 150, coachClips: 3 },
  { timing: 'upcoming', day: 6, at: '15:00', minutes: null },
  { timing: 'past', day: -15, at: '09:30', minutes: 90 },
  { timing: 'upcoming', day: 10, at: '11:00', minutes: 120 },
  { timing: 'past', day: -19, at: '14:00', minutes: 120, coachClips: 2 },
  { timing: 'upcoming', day: 16, at: '18:30', minutes: 180 },
];

/** Unassociated clips: practice and warm-ups filmed away from any event, in the coach's home zone. */
const LOOSE_CLIPS: readonly { owner: DemoPerson; day: number; at: string }[] = [
  { owner: 'coach', day: -1, at: '16:40' },
  { owner: 'parent', day: -2, at: '12:10' },
  { owner: 'coach', day: -3, at: '07:15' },
  { owner: 'coach', day: -6, at: '17:20' },
  { owner: 'coach', day: -10, at: '09:05' },
];

const TEAM_SPORTS: Record<string, readonly string[]> = {
  Soccer: ['U12 Girls', 'U14 Boys', 'U10 Coed'],
  Basketball: ['JV Basketball', '8th Grade Boys', 'Varsity Girls'],
  Baseball: ['Little League', '13U Travel', 'Varsity Baseball'],
  Football: ['Youth Football', 'JV Football', 'Flag Football'],
  Hockey: ['Squirt A', 'Peewee AA', 'Bantam'],
  Volleyball: ['14U Club Volleyball', 'Varsity Volleyball'],
};
const SOLO_SPORTS: Record<string, readonly string[]> = {
  Track: ['Spring Invitational', 'Junior Olympics Qualifier'],
  Swimming: ['Summer League Meet', 'Age Group Invitational'],
  Tennis: ['Junior Doubles Open', '16U Singles'],
};
const TEAMS = [
  'Wildcats',
  'Eagles',
  'Falcons',
  'Tigers',
  'Hornets',
  'Mustangs',
  'Panthers',
  'Comets',
  'Rockets',
  'Storm',
  'Lightning',
  'Bulldogs',
  'Cardinals',
  'Raptors',
  'Titans',
  'Wolves',
];
/** What a "Multi-sport" (or unknown) venue hosts, in turn. */
const MULTI_SPORT = ['Basketball', 'Hockey', 'Volleyball'];

const MOMENTS: Record<string, readonly string[]> = {
  Soccer: ['Goal!', 'Great save', 'Corner kick', 'Nice pass'],
  Basketball: ['Three-pointer!', 'Great block', 'Fast break', 'Steal'],
  Baseball: ['Home run!', 'Double play', 'Strikeout', 'Diving catch'],
  Football: ['Touchdown!', 'Interception', 'Big tackle', 'Field goal'],
  Hockey: ['Goal!', 'Great save', 'Power play', 'Breakaway'],
  Volleyball: ['Ace!', 'Kill', 'Big block', 'Great dig'],
};
const OTHER_MOMENTS = ['Great start', 'Personal best', 'Nice form', 'Strong finish'];

function sportAt(venue: Venue, index: number): string {
  const sport = venue.sport ?? '';
  if (sport in TEAM_SPORTS || sport in SOLO_SPORTS) return sport;
  return MULTI_SPORT[index % MULTI_SPORT.length] ?? 'Basketball';
}

function eventName(sport: string, venue: Venue, index: number): string {
  const solo = SOLO_SPORTS[sport];
  if (solo) return `${venue.city || venue.name} ${solo[index % solo.length]}`.trim();
  const leagues = TEAM_SPORTS[sport] ?? ['Club Match'];
  // 3i and 7i + 5 never meet modulo 16 (their difference is odd): no team plays itself.
  const home = TEAMS[(3 * index) % TEAMS.length];
  const away = TEAMS[(7 * index + 5) % TEAMS.length];
  return `${leagues[index % leagues.length]}: ${home} vs. ${away}`;
}

/** `at` ('HH:mm') on the day `day` days from today, both on the clock of `zone`. */
function localTime(now: number, zone: string, day: number, at: string): Date {
  const [hour, minute] = at.split(':').map(Number);
  return DateTime.fromMillis(now, { zone })
    .startOf('day')
    .plus({ days: day })
    .set({ hour: hour ?? 12, minute: minute ?? 0 })
    .toJSDate();
}

const QUARTER_HOUR = 15 * MINUTE;
const floorToQuarter = (t: number): number => Math.floor(t / QUARTER_HOUR) * QUARTER_HOUR;

function eventTimes(template: EventTemplate, now: number, zone: string): { start: Date; end: Date | null } {
  let start: number;
  if (template.timing === 'live') {
    // Live events cannot keep a sensible local hour: they start 45–95 min ago, on a quarter hour, so the one
    // with an end (150 min) and the open-ended one (3 h) both still run, with room for clips before now.
    start = floorToQuarter(now - (template.minutes === null ? 80 : 45) * MINUTE);
  } else {
    start = localTime(now, zone, template.day ?? 0, template.at ?? '12:00').getTime();
  }
  return { start: new Date(start), end: template.minutes === null ? null : new Date(start + template.minutes * MINUTE) };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The file name each phone gives a video: iPhone a counter, Pixel the UTC time, Samsung the local time. */
function phoneFilename(dev: DemoDevice, recordedAt: Date, zone: string, counter: number): string {
  if (dev === DEMO_DEVICES.pixel) {
    const t = DateTime.fromJSDate(recordedAt, { zone: 'utc' });
    return `PXL_${t.toFormat('yyyyMMdd_HHmmss')}${pad(t.millisecond, 3)}.mp4`;
  }
  if (dev === DEMO_DEVICES.galaxy) return `${DateTime.fromJSDate(recordedAt, { zone }).toFormat('yyyyMMdd_HHmmss')}.mp4`;
  return `IMG_${4817 + counter}.MP4`;
}

/** Clips of one event start this long after it and this far apart; parents film shortly after the coach. */
const FIRST_CLIP_AFTER = 6 * MINUTE;
const CLIP_SPACING = 9 * MINUTE;
const PARENT_LAG = 75 * SECOND;

/** The demo for `now` over `allVenues`: deterministic (same inputs, same plan), no I/O. */
export function planDemo(nowInput: Date | number, allVenues: readonly Venue[]): DemoPlan {
  const now = typeof nowInput === 'number' ? nowInput : nowInput.getTime();
  const venues = pickDemoVenues(allVenues);
  const events: PlannedEvent[] = [];
  const clips: PlannedClip[] = [];
  const tags: PlannedTag[] = [];
  let iphoneCount = 0;

  const addClip = (owner: DemoPerson, eventKey: string | null, recordedAt: Date, zone: string): PlannedClip => {
    const seq = clips.length;
    const dev = owner === 'parent' ? DEMO_DEVICES.pixel : seq % 5 === 3 ? DEMO_DEVICES.galaxy : DEMO_DEVICES.iphone;
    if (dev === DEMO_DEVICES.iphone) iphoneCount += 1;
    const clip: PlannedClip = {
      key: `clip-${seq + 1}`,
      owner,
      eventKey,
      recordedAt,
      duration: 4 + ((seq * 3) % 7),
      device: dev,
      filename: phoneFilename(dev, recordedAt, zone, iphoneCount),
      look: seq,
    };
    clips.push(clip);
    return clip;
  };

  if (venues.length > 0) {
    EVENT_TEMPLATES.forEach((template, index) => {
      const venue = venues[index % venues.length] as Venue;
      const sport = sportAt(venue, index);
      const { start, end } = eventTimes(template, now, venue.timezone);
      const event: PlannedEvent = {
        key: `event-${index + 1}`,
        name: eventName(sport, venue, index),
        sport,
        venueId: venue.id,
        timezone: venue.timezone,
        start,
        end,
        timing: template.timing,
      };
      events.push(event);
      if (template.timing === 'upcoming') return;

      const coach: PlannedClip[] = [];
      for (let k = 0; k < (template.coachClips ?? 0); k += 1) {
        const jitter = ((index * 17 + k * 29) % 45) * SECOND;
        coach.push(
          addClip('coach', event.key, new Date(start.getTime() + FIRST_CLIP_AFTER + k * CLIP_SPACING + jitter), venue.timezone),
        );
      }
      for (let j = 0; j < Math.min(template.parentClips ?? 0, coach.length); j += 1) {
        const near = coach[j] as PlannedClip;
        const lag = PARENT_LAG + ((j * 11) % 20) * SECOND;
        addClip('parent', event.key, new Date(near.recordedAt.getTime() + lag), venue.timezone);
      }
      tags.push(...eventTags(event, venue, coach, tags.length));
    });
  }

  const homeZone = venues[0]?.timezone ?? 'America/Chicago';
  for (const loose of LOOSE_CLIPS) addClip(loose.owner, null, localTime(now, homeZone, loose.day, loose.at), homeZone);

  return { venues, events, clips, tags };
}

/**
 * The coach's tags at one past or live event, placed against the coach's clips there so every case of the
 * highlight screen shows: one inside a clip, one just after a clip (within 30 s), one between clips (over
 * 30 s from any, the parent's included), and one more inside a clip where there are three or more. An event
 * without clips gets three tags far from everything.
 */
function eventTags(event: PlannedEvent, venue: Venue, coach: PlannedClip[], seq0: number): PlannedTag[] {
  const times: Date[] = [];
  const at = (clip: PlannedClip | undefined, offsetMs: number): void => {
    if (clip) times.push(new Date(clip.recordedAt.getTime() + offsetMs));
  };
  if (coach.length === 0) {
    for (const minutes of [10, 35, 62]) times.push(new Date(event.start.getTime() + minutes * MINUTE));
  } else {
    const [first, second, third] = coach;
    at(first, Math.floor(((first?.duration ?? 0) * SECOND) / 2));
    at(first, 270 * SECOND);
    at(second, ((second?.duration ?? 0) + 18) * SECOND);
    at(third, 1 * SECOND);
  }
  const moments = MOMENTS[event.sport] ?? OTHER_MOMENTS;
  return times.map((taggedAt, i) => {
    const seq = seq0 + i;
    return {
      key: `tag-${seq + 1}`,
      eventKey: event.key,
      taggedAt,
      // Every fourth tag was a quick tap without words ('Tagged moment' in the app).
      description: seq % 4 === 3 ? null : (moments[seq % moments.length] ?? null),
      // Somewhere in the stands: a few metres around the venue's point.
      latitude: venue.latitude + ((seq % 5) - 2) * 0.0002,
      longitude: venue.longitude + ((seq % 3) - 1) * 0.0002,
    };
  });
}

/**
 * `limit` clips spread evenly over the plan (tests make a few, not 40): still some at events and, for small
 * limits too, the first clip of the plan, which is at the live event.
 */
export function spreadClips(clips: readonly PlannedClip[], limit: number): PlannedClip[] {
  if (limit >= clips.length) return [...clips];
  if (limit <= 0) return [];
  return Array.from({ length: limit }, (_, i) => clips[Math.floor((i * clips.length) / limit)] as PlannedClip);
}
