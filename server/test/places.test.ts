import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import vm from 'node:vm';
import { startApp, type TestApp } from './helpers';

interface Envelope<T = unknown> {
  success: boolean;
  data: T;
  code?: string;
}
interface Prediction {
  description: string;
  place_id: string;
  structured_formatting: { main_text: string; secondary_text: string };
  matched_substrings: { offset: number; length: number }[];
  terms: { offset: number; value: string }[];
  types: string[];
}
interface LatLngLike {
  lat: () => number;
  lng: () => number;
}
interface PlaceLike {
  place_id: string;
  name: string;
  formatted_address: string;
  geometry: { location: LatLngLike };
  address_components: { long_name: string; short_name: string; types: string[] }[];
}
type Cb<T> = (result: T | null, status: string) => void;
interface GoogleMaps {
  LatLng: new (lat: number, lng: number) => LatLngLike;
  Geocoder: new () => { geocode: (req: Record<string, unknown>, cb?: Cb<PlaceLike[]>) => Promise<{ results: PlaceLike[] }> };
  places: {
    AutocompleteService: new () => { getPlacePredictions: (req: { input: string }, cb: Cb<Prediction[]>) => void };
    AutocompleteSessionToken: new () => object;
    PlacesService: new (el: unknown) => { getDetails: (req: { placeId: string; fields?: string[] }, cb: Cb<PlaceLike>) => void };
    PlacesServiceStatus: Record<string, string>;
  };
}

describe('places stand-in', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  test('autocomplete: words matched against name/city/address, best first, max 5, no auth needed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?input=field' });
    assert.equal(res.statusCode, 200);
    const preds = (res.json() as Envelope<{ predictions: Prediction[] }>).data.predictions;
    assert.deepEqual(preds.map((p) => p.structured_formatting.main_text).sort(), ['Lambeau Field', 'Wrigley Field']);
    const chicago = (
      await t.app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?input=wrigley%20chicago' })
    ).json() as Envelope<{ predictions: Prediction[] }>;
    assert.equal(chicago.data.predictions[0]?.place_id, 'venue-wrigley');
    const p = chicago.data.predictions[0];
    assert.ok(p);
    assert.equal(p.description, 'Wrigley Field, 1060 W Addison St, Chicago, IL 60613, USA');
    assert.deepEqual(p.matched_substrings[0], { offset: 0, length: 7 });
    assert.equal(p.terms[0]?.value, 'Wrigley Field');
    const none = (await t.app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?input=qqq' })).json() as Envelope<{
      predictions: Prediction[];
    }>;
    assert.deepEqual(none.data.predictions, []);
  });

  test('300 look-ups a minute per client address; the 301st is 429 with Retry-After, other addresses go on', async () => {
    const lookUp = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?input=field', remoteAddress: ip });
    for (let i = 0; i < 300; i += 1) assert.equal((await lookUp('203.0.113.7')).statusCode, 200);
    const over = await lookUp('203.0.113.7');
    assert.equal(over.statusCode, 429);
    assert.equal((over.json() as Envelope).code, 'RATE_LIMITED');
    assert.ok(Number(over.headers['retry-after']) > 0 && Number(over.headers['retry-after']) <= 60, 'Retry-After in seconds');
    assert.equal((await lookUp('203.0.113.8')).statusCode, 200);
    t.clock.advance(60_000);
    assert.equal((await lookUp('203.0.113.7')).statusCode, 200, 'a minute later');
  });

  test('full venue addresses (as in venues.json) are not repeated in descriptions', async () => {
    const full = await startApp({
      venues: [
        {
          id: 'v1',
          name: 'Chase Field',
          address: '401 E Jefferson St, Phoenix, AZ 85004, USA',
          city: 'Phoenix',
          state: 'AZ',
          zip: '85004',
          latitude: 33.4453,
          longitude: -112.0667,
          timezone: 'America/Phoenix',
          sport: 'Baseball',
        },
      ],
    });
    try {
      const res = await full.app.inject({ method: 'GET', url: '/api/v1/places/autocomplete?input=chase' });
      const p = (res.json() as Envelope<{ predictions: Prediction[] }>).data.predictions[0];
      assert.equal(p?.description, 'Chase Field, 401 E Jefferson St, Phoenix, AZ 85004, USA');
    } finally {
      await full.close();
    }
  });

  test('details: Google-shaped address components', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/places/details?placeId=venue-lambeau' });
    const place = (
      res.json() as Envelope<{
        place: {
          address_components: { long_name: string; short_name: string; types: string[] }[];
          geometry: { location: { lat: number } };
        };
      }>
    ).data.place;
    const byType = (type: string) => place.address_components.find((c) => c.types.includes(type));
    assert.equal(byType('locality')?.long_name, 'Green Bay');
    assert.equal(byType('administrative_area_level_1')?.short_name, 'WI');
    assert.equal(byType('administrative_area_level_1')?.long_name, 'Wisconsin');
    assert.equal(byType('postal_code')?.long_name, '54304');
    assert.equal(byType('country')?.short_name, 'US');
    assert.equal(place.geometry.location.lat, 44.5013);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/places/details?placeId=nope' });
    assert.equal(missing.statusCode, 404);
  });

  test('the browser script implements google.maps for use-places-autocomplete (with ?callback=)', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/maps/places-standin.js' });
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /^application\/javascript/);
    let called = 0;
    const fetchViaInject = async (url: string) => {
      const u = new URL(url);
      const res = await t.app.inject({ method: 'GET', url: u.pathname + u.search });
      return { ok: res.statusCode < 400, status: res.statusCode, json: async () => res.json() as unknown };
    };
    const windowObj: Record<string, unknown> = {
      initMap: () => {
        called += 1;
      },
      location: { href: 'http://localhost:3000/location/add' },
    };
    const sandbox = {
      window: windowObj,
      document: { currentScript: { src: 'http://localhost:3000/maps/places-standin.js?callback=initMap' } },
      fetch: fetchViaInject,
      URL,
      Promise,
      setTimeout,
      console,
    };
    vm.runInNewContext(script.body, sandbox);
    assert.equal(called, 1);
    const maps = (windowObj.google as { maps: GoogleMaps }).maps;
    assert.equal(maps.places.PlacesServiceStatus.OK, 'OK');
    new maps.places.AutocompleteSessionToken();

    const predictions = await new Promise<{ data: Prediction[] | null; status: string }>((resolve) => {
      new maps.places.AutocompleteService().getPlacePredictions({ input: 'united' }, (data, status) => resolve({ data, status }));
    });
    assert.equal(predictions.status, 'OK');
    assert.equal(predictions.data?.[0]?.place_id, 'venue-unitedcenter');
    const zero = await new Promise<string>((resolve) => {
      new maps.places.AutocompleteService().getPlacePredictions({ input: 'qqqq' }, (_d, status) => resolve(status));
    });
    assert.equal(zero, 'ZERO_RESULTS');

    const details = await new Promise<{ place: PlaceLike | null; status: string }>((resolve) => {
      new maps.places.PlacesService({}).getDetails({ placeId: 'venue-unitedcenter', fields: ['name'] }, (place, status) =>
        resolve({ place, status }),
      );
    });
    assert.equal(details.status, 'OK');
    assert.equal(details.place?.name, 'United Center');
    // getLatLng in use-places-autocomplete calls lat()/lng() unbound.
    const { lat, lng } = details.place?.geometry.location ?? { lat: () => 0, lng: () => 0 };
    assert.equal(lat(), 41.8807);
    assert.equal(lng(), -87.6742);

    const geocoded = await new maps.Geocoder().geocode({ placeId: 'venue-lambeau' });
    assert.equal(geocoded.results[0]?.formatted_address, '1265 Lombardi Ave, Green Bay, WI 54304, USA');
    const zip = geocoded.results[0]?.address_components.find((c) => c.types.includes('postal_code'));
    assert.equal(zip?.long_name, '54304');
    const byAddress = await new Promise<{ results: PlaceLike[] | null; status: string }>((resolve) => {
      void new maps.Geocoder()
        .geocode({ address: 'wrigley' }, (results, status) => resolve({ results, status }))
        .catch(() => undefined);
    });
    assert.equal(byAddress.status, 'OK');
    assert.equal(byAddress.results?.[0]?.place_id, 'venue-wrigley');
    const point = new maps.LatLng(1.5, 2.5);
    assert.equal(point.lat(), 1.5);
  });
});
