import { readNewPlace, suggestionsToPredictions } from './newPlaces';
import { placeToLocation, readSuggestions } from './placeToLocation';

const wrigleySuggestion = {
  placePrediction: {
    placeId: 'wrigley-field-chicago-il',
    text: { text: 'Wrigley Field, 1060 W Addison St, Chicago, IL, USA', matches: [] },
    mainText: { text: 'Wrigley Field', matches: [] },
    secondaryText: { text: '1060 W Addison St, Chicago, IL, USA', matches: [] },
    types: ['stadium'],
  },
};

const wrigleyPlace = {
  id: 'wrigley-field-chicago-il',
  displayName: 'Wrigley Field',
  formattedAddress: '1060 W Addison St, Chicago, IL 60613, USA',
  location: { lat: () => 41.948438, lng: () => -87.655333 },
  addressComponents: [
    { longText: '1060', shortText: '1060', types: ['street_number'] },
    { longText: 'Chicago', shortText: 'Chicago', types: ['locality', 'political'] },
    { longText: 'Illinois', shortText: 'IL', types: ['administrative_area_level_1', 'political'] },
    { longText: '60613', shortText: '60613', types: ['postal_code'] },
  ],
};

describe('suggestionsToPredictions', () => {
  it('turns place predictions into the legacy prediction shape the search already reads', () => {
    const predictions = suggestionsToPredictions([wrigleySuggestion]);
    expect(predictions).toEqual([
      {
        place_id: 'wrigley-field-chicago-il',
        description: 'Wrigley Field, 1060 W Addison St, Chicago, IL, USA',
        structured_formatting: { main_text: 'Wrigley Field', secondary_text: '1060 W Addison St, Chicago, IL, USA' },
      },
    ]);
    expect(readSuggestions(predictions)).toEqual([
      {
        placeId: 'wrigley-field-chicago-il',
        description: 'Wrigley Field, 1060 W Addison St, Chicago, IL, USA',
        mainText: 'Wrigley Field',
        secondaryText: '1060 W Addison St, Chicago, IL, USA',
      },
    ]);
  });

  it('drops query predictions and entries without a place id', () => {
    expect(
      suggestionsToPredictions([
        { placePrediction: null, queryPrediction: { text: { text: 'pizza near me' } } },
        { placePrediction: { placeId: '', text: { text: 'No id' } } },
        null,
        'junk',
      ]),
    ).toEqual([]);
  });

  it('makes up the description from main and secondary texts, and the main text from the description', () => {
    const [joined] = suggestionsToPredictions([
      { placePrediction: { placeId: 'a', mainText: { text: 'Main' }, secondaryText: { text: 'Second' } } },
    ]);
    expect(joined).toMatchObject({ description: 'Main, Second', structured_formatting: { main_text: 'Main' } });
    const [bare] = suggestionsToPredictions([{ placePrediction: { placeId: 'b', text: { text: 'Only text' } } }]);
    expect(bare?.structured_formatting).toEqual({ main_text: 'Only text', secondary_text: '' });
  });
});

describe('readNewPlace', () => {
  it('reads a fetched Place into the same details as the legacy result, so the payload is the same', () => {
    const details = readNewPlace(wrigleyPlace, 'asked');
    expect(details).toEqual({
      placeId: 'wrigley-field-chicago-il',
      name: 'Wrigley Field',
      formattedAddress: '1060 W Addison St, Chicago, IL 60613, USA',
      latitude: 41.948438,
      longitude: -87.655333,
      addressComponents: [
        { long_name: '1060', short_name: '1060', types: ['street_number'] },
        { long_name: 'Chicago', short_name: 'Chicago', types: ['locality', 'political'] },
        { long_name: 'Illinois', short_name: 'IL', types: ['administrative_area_level_1', 'political'] },
        { long_name: '60613', short_name: '60613', types: ['postal_code'] },
      ],
    });
    expect(placeToLocation(details!)).toMatchObject({ city: 'Chicago', state: 'IL', zip: '60613' });
  });

  it('reads a literal location, falls back to the asked id and treats null fields as empty', () => {
    const details = readNewPlace(
      { location: { lat: 1, lng: 2 }, displayName: null, formattedAddress: null, addressComponents: null },
      'asked',
    );
    expect(details).toEqual({
      placeId: 'asked',
      name: '',
      formattedAddress: '',
      latitude: 1,
      longitude: 2,
      addressComponents: [],
    });
  });

  it('gives null for a place without a usable location', () => {
    expect(readNewPlace(null, 'x')).toBeNull();
    expect(readNewPlace({ ...wrigleyPlace, location: null }, 'x')).toBeNull();
    expect(readNewPlace({ ...wrigleyPlace, location: { lat: () => NaN, lng: () => 2 } }, 'x')).toBeNull();
  });
});
