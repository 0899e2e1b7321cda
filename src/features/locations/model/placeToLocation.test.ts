import {
  addressParts,
  isSuggestionFailure,
  placeToLocation,
  readPlaceResult,
  readSuggestions,
  type AddressComponent,
  type PlaceDetails,
} from './placeToLocation';

const components: AddressComponent[] = [
  { long_name: '1060', short_name: '1060', types: ['street_number'] },
  { long_name: 'West Addison Street', short_name: 'W Addison St', types: ['route'] },
  { long_name: 'Chicago', short_name: 'Chicago', types: ['locality', 'political'] },
  { long_name: 'Illinois', short_name: 'IL', types: ['administrative_area_level_1', 'political'] },
  { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
  { long_name: '60613', short_name: '60613', types: ['postal_code'] },
];

const wrigley: PlaceDetails = {
  placeId: 'wrigley-field-chicago-il',
  name: 'Wrigley Field',
  formattedAddress: '1060 W Addison St, Chicago, IL 60613, USA',
  latitude: 41.948438,
  longitude: -87.655333,
  addressComponents: components,
};

describe('addressParts', () => {
  it('takes the city from locality, the state short name from level 1 and the zip from postal_code', () => {
    expect(addressParts(components)).toEqual({ city: 'Chicago', state: 'IL', zip: '60613' });
  });

  it('leaves a part empty when the place has none', () => {
    expect(addressParts([components[3]!])).toEqual({ city: '', state: 'IL', zip: '' });
    expect(addressParts([])).toEqual({ city: '', state: '', zip: '' });
  });
});

describe('placeToLocation', () => {
  it('builds the POST /api/v1/locations payload', () => {
    expect(placeToLocation(wrigley)).toEqual({
      name: 'Wrigley Field',
      address: '1060 W Addison St, Chicago, IL 60613, USA',
      city: 'Chicago',
      state: 'IL',
      zip: '60613',
      latitude: 41.948438,
      longitude: -87.655333,
    });
  });

  it("names a place without a name 'Unnamed Location'", () => {
    expect(placeToLocation({ ...wrigley, name: '' }).name).toBe('Unnamed Location');
    expect(placeToLocation({ ...wrigley, name: '   ' }).name).toBe('Unnamed Location');
  });
});

describe('readPlaceResult', () => {
  const raw = {
    place_id: 'wrigley-field-chicago-il',
    name: 'Wrigley Field',
    formatted_address: '1060 W Addison St, Chicago, IL 60613, USA',
    address_components: components,
  };

  it('reads a google.maps.LatLng location (lat() and lng())', () => {
    const place = readPlaceResult({ ...raw, geometry: { location: { lat: () => 41.948438, lng: () => -87.655333 } } }, 'x');
    expect(place).toEqual(wrigley);
  });

  it('reads a literal location and falls back to the asked place id', () => {
    const place = readPlaceResult({ ...raw, place_id: undefined, geometry: { location: { lat: 1, lng: 2 } } }, 'asked');
    expect(place).toMatchObject({ placeId: 'asked', latitude: 1, longitude: 2 });
  });

  it('gives null for a result without a usable location', () => {
    expect(readPlaceResult('NOT_FOUND', 'x')).toBeNull();
    expect(readPlaceResult({ ...raw }, 'x')).toBeNull();
    expect(readPlaceResult({ ...raw, geometry: { location: { lat: () => NaN, lng: () => 2 } } }, 'x')).toBeNull();
  });

  it('drops malformed address components', () => {
    const place = readPlaceResult(
      { ...raw, address_components: [null, { long_name: 'x' }, components[2]], geometry: { location: { lat: 1, lng: 2 } } },
      'x',
    );
    expect(place?.addressComponents).toEqual([components[2]]);
  });
});

describe('readSuggestions', () => {
  it('keeps the place id, description and the two lines of the suggestion', () => {
    expect(
      readSuggestions([
        {
          place_id: 'wrigley-field-chicago-il',
          description: 'Wrigley Field, 1060 W Addison St, Chicago, IL',
          structured_formatting: { main_text: 'Wrigley Field', secondary_text: '1060 W Addison St, Chicago, IL' },
        },
        { description: 'no id' },
        { place_id: 'p2', description: 'Plain' },
      ]),
    ).toEqual([
      {
        placeId: 'wrigley-field-chicago-il',
        description: 'Wrigley Field, 1060 W Addison St, Chicago, IL',
        mainText: 'Wrigley Field',
        secondaryText: '1060 W Addison St, Chicago, IL',
      },
      { placeId: 'p2', description: 'Plain', mainText: 'Plain', secondaryText: '' },
    ]);
  });
});

describe('isSuggestionFailure', () => {
  it('counts every status but OK, ZERO_RESULTS and none as a failure', () => {
    expect(isSuggestionFailure('')).toBe(false);
    expect(isSuggestionFailure('OK')).toBe(false);
    expect(isSuggestionFailure('ZERO_RESULTS')).toBe(false);
    expect(isSuggestionFailure('OVER_QUERY_LIMIT')).toBe(true);
    expect(isSuggestionFailure('REQUEST_DENIED')).toBe(true);
  });
});
