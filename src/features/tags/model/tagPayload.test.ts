import { tagEvent } from '../../../test/data/tagTestData';
import { createTagBody, SELECT_EVENT_MESSAGE, tagDescription, tagFromTap } from './tagPayload';

const event = tagEvent;
const tap = { event, description: '', location: null, serverNowMs: Date.UTC(2026, 10, 23, 18, 30, 5, 250), clientId: 'c-1' };

describe('tagDescription', () => {
  it.each([
    ['  Goal by #9  ', 'Goal by #9'],
    ['Save', 'Save'],
    ['', null],
    ['   \n\t ', null],
  ])('%j → %j', (text, expected) => expect(tagDescription(text)).toBe(expected));
});

describe('tagFromTap', () => {
  it('needs an event', () => expect(tagFromTap({ ...tap, event: null })).toEqual({ error: SELECT_EVENT_MESSAGE }));

  it('stamps the tap on the server clock to the millisecond, as sending', () => {
    expect(tagFromTap({ ...tap, description: ' Goal ' })).toEqual({
      tag: {
        clientId: 'c-1',
        serverId: null,
        eventId: 'e-1',
        eventName: 'Finals',
        timezone: 'America/New_York',
        timestamp: '2026-11-23T18:30:05.250Z',
        description: 'Goal',
        location: null,
        status: 'sending',
        error: null,
      },
    });
  });
});

describe('createTagBody', () => {
  it('omits an empty description and a missing location', () => {
    const made = tagFromTap(tap);
    if (!('tag' in made)) throw new Error('no tag');
    expect(createTagBody(made.tag)).toEqual({ timestamp: '2026-11-23T18:30:05.250Z', eventId: 'e-1', metadata: {} });
  });

  it('sends the description and the location when there are some', () => {
    const made = tagFromTap({ ...tap, description: 'Corner', location: { latitude: 41.88, longitude: -87.63 } });
    if (!('tag' in made)) throw new Error('no tag');
    expect(createTagBody(made.tag)).toEqual({
      timestamp: '2026-11-23T18:30:05.250Z',
      eventId: 'e-1',
      location: { latitude: 41.88, longitude: -87.63 },
      metadata: { description: 'Corner' },
    });
  });
});
