import type { LogoutReason } from '../../session/public';
import type { StoredUploadSession } from './uploadPersistence';
import { isSessionValid, keepsStoredSession, resumable, resumeDecision, sessionToStore } from './uploadResumePolicy';
import type { UploadFileItem, UploadStatus } from './uploadTypes';

const HOUR = 3_600_000;
const NOW = 1_800_000_000_000;

const item = (id: string, status: UploadStatus, extra: Partial<UploadFileItem> = {}): UploadFileItem => ({
  id,
  name: `${id}.mp4`,
  size: 1000,
  type: 'video/mp4',
  lastModified: 0,
  status,
  progress: 0,
  metadata: null,
  clipId: null,
  error: null,
  ...extra,
});

const stored = (extra: Partial<StoredUploadSession> = {}): StoredUploadSession => ({
  ownerId: 'u-1',
  sessionId: 's-1',
  selectedEvent: null,
  files: [item('a', 'uploading', { progress: 40 }), item('b', 'pending')],
  createdAt: NOW - HOUR,
  lastActivity: NOW - 10 * 60_000,
  isActive: true,
  ...extra,
});

describe('whether a stored session is still valid (24 h old, 2 h idle)', () => {
  it.each([
    ['fresh', 0, 0, true],
    ['exactly 24 h old', 24 * HOUR, 0, true],
    ['older than 24 h', 24 * HOUR + 1, 0, false],
    ['idle exactly 2 h', 3 * HOUR, 2 * HOUR, true],
    ['idle over 2 h', 3 * HOUR, 2 * HOUR + 1, false],
  ])('%s', (_what, age, idle, valid) => {
    expect(isSessionValid({ createdAt: NOW - age, lastActivity: NOW - idle }, NOW)).toBe(valid);
  });
});

describe('what is resumed', () => {
  it('the incomplete files, each starting over as pending; completed and failed ones are not', () => {
    const files = [
      item('u', 'uploading', { progress: 70, error: { code: 'X', message: 'x' } }),
      item('m', 'extracting-metadata', { metadata: { duration: 3 } }),
      item('c', 'completed', { progress: 100, clipId: 'c-1' }),
      item('f', 'failed', { error: { code: 'X', message: 'x' } }),
    ];
    expect(resumable(files)).toEqual([
      item('u', 'pending', { progress: 0, error: null }),
      item('m', 'pending', { metadata: { duration: 3 } }),
    ]);
  });
});

describe('whether a stored session is offered at sign-in', () => {
  it('to its owner, while valid, with its incomplete files as pending', () => {
    const s = stored();
    expect(resumeDecision(s, 'u-1', NOW)).toEqual({ kind: 'offer', stored: s, files: resumable(s.files) });
  });

  it.each<[string, StoredUploadSession | null, string]>([
    ['nothing stored', null, 'u-1'],
    ["another user's", stored(), 'u-2'],
    ['too old', stored({ createdAt: NOW - 25 * HOUR }), 'u-1'],
    ['idle too long', stored({ lastActivity: NOW - 3 * HOUR }), 'u-1'],
    ['nothing left to upload', stored({ files: [item('c', 'completed'), item('f', 'failed')] }), 'u-1'],
  ])('never when %s', (_what, s, userId) => {
    expect(resumeDecision(s, userId, NOW)).toEqual({ kind: 'discard' });
  });
});

describe('what is stored after a change', () => {
  const uploads = {
    sessionId: 's-1',
    selectedEvent: null,
    files: [item('a', 'uploading'), item('c', 'completed'), item('b', 'pending')],
    createdAt: NOW - HOUR,
    lastActivity: NOW - 60_000,
  };

  it("the session with only its incomplete files, under its owner's id", () => {
    expect(sessionToStore(uploads, 'u-1', NOW)).toEqual({
      kind: 'write',
      record: {
        ownerId: 'u-1',
        sessionId: 's-1',
        selectedEvent: null,
        files: [item('a', 'uploading'), item('b', 'pending')],
        createdAt: NOW - HOUR,
        lastActivity: NOW - 60_000,
        isActive: true,
      },
    });
  });

  it('marked inactive while nothing is being read or sent, and dated now where the state has no dates', () => {
    const idle = { ...uploads, files: [item('b', 'pending')], createdAt: null, lastActivity: null };
    expect(sessionToStore(idle, 'u-1', NOW)).toMatchObject({
      kind: 'write',
      record: { isActive: false, createdAt: NOW, lastActivity: NOW },
    });
  });

  it('nothing (cleared) once no file is incomplete, or without a session', () => {
    expect(sessionToStore({ ...uploads, files: [item('c', 'completed'), item('f', 'failed')] }, 'u-1', NOW)).toEqual({
      kind: 'clear',
    });
    expect(sessionToStore({ ...uploads, sessionId: null }, 'u-1', NOW)).toEqual({ kind: 'clear' });
  });

  it('no change once the sign-in has ended: what is stored stays as the end left it', () => {
    expect(sessionToStore(uploads, null, NOW)).toEqual({ kind: 'leave' });
  });
});

describe('whether the stored session outlives the end of a sign-in', () => {
  it.each<[LogoutReason, boolean]>([
    ['user_logout', false],
    ['account_deleted', false],
    ['permission_revoked', false],
    ['session_timeout', true],
    ['session_expired', true],
    ['refresh_failed', true],
  ])('signed out (%s): kept %s (the table in src/app/userData.ts)', (reason, kept) => {
    expect(keepsStoredSession({ kind: 'signedOut', reason })).toBe(kept);
  });

  it("never once the session is another user's", () => {
    expect(keepsStoredSession({ kind: 'otherUser' })).toBe(false);
  });
});
