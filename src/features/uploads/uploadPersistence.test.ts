import { fullKey, StorageKeys } from '../../app/storage';
import { readUploadSession } from './uploadPersistence';

const KEY = fullKey(StorageKeys.uploadSession);

const file = {
  id: 'f1',
  name: 'goal.mp4',
  size: 1234,
  type: 'video/mp4',
  lastModified: 1,
  status: 'pending',
  progress: 0,
  metadata: null,
  clipId: null,
  error: null,
};

const event = {
  id: 'e1',
  name: 'Final',
  sport: 'soccer',
  startTime: '2026-03-08T15:00:00Z',
  endTime: null,
  location: { name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: 42.3, longitude: -71.1, timezone: 'America/New_York' },
  distance: null,
};

const session = (over: Record<string, unknown> = {}) => ({
  ownerId: 'u1',
  sessionId: 's1',
  selectedEvent: null,
  files: [file],
  createdAt: 10,
  lastActivity: 20,
  isActive: true,
  ...over,
});

const store = (value: unknown) => window.localStorage.setItem(KEY, typeof value === 'string' ? value : JSON.stringify(value));

describe('reading the stored upload session', () => {
  afterEach(() => window.localStorage.clear());

  it('reads a well-formed session as it was written', () => {
    store(session());
    expect(readUploadSession()).toEqual(session());
  });

  it('gives an event saved before events kept their zone the venue zone of its location', () => {
    store(session({ selectedEvent: event }));
    expect(readUploadSession()?.selectedEvent).toMatchObject({ id: 'e1', timezone: 'America/New_York' });
  });

  it('keeps the files when only the selected event is unreadable', () => {
    store(session({ selectedEvent: { id: 'e1' } }));
    expect(readUploadSession()).toMatchObject({ selectedEvent: null, files: [file] });
  });

  it('restarts details a file lacks (metadata, clip id, error) as unknown', () => {
    const { metadata: _m, clipId: _c, error: _e, ...bare } = file;
    store(session({ files: [bare] }));
    expect(readUploadSession()?.files[0]).toEqual(file);
  });

  it.each([
    ['not JSON', '{oops'],
    ['no owner', session({ ownerId: undefined })],
    ['an unknown file status', session({ files: [{ ...file, status: 'teleporting' }] })],
    ['files not a list', session({ files: 'f1' })],
  ])('drops %s and removes it from storage', (_what, value) => {
    store(value);
    expect(readUploadSession()).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });
});
