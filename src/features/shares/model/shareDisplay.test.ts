import { Settings } from 'luxon';
import type { ApiFailure } from '../../../api/apiErrors';
import {
  CREATE_SHARE_FAILED,
  createShareErrorMessage,
  expiryText,
  NOT_READY_TO_SHARE,
  SHARE_LIMIT_REACHED,
  viewCountText,
} from './shareDisplay';

const failure = (status: ApiFailure['status'], code: string | null = null, serverMessage: string | null = null): ApiFailure => ({
  status,
  code,
  serverMessage,
  details: null,
});

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

describe('share texts', () => {
  it('Create link’s failures: not rendered yet, the 20-link limit (the server’s words), anything else', () => {
    expect(createShareErrorMessage(failure(409, 'HIGHLIGHT_NOT_READY', 'This highlight is still being rendered'))).toBe(
      NOT_READY_TO_SHARE,
    );
    expect(createShareErrorMessage(failure(409, 'SHARE_LIMIT', 'Too many links: revoke one.'))).toBe(
      'Too many links: revoke one.',
    );
    expect(createShareErrorMessage(failure(409, 'SHARE_LIMIT'))).toBe(SHARE_LIMIT_REACHED);
    expect(createShareErrorMessage(failure(409, 'HIGHLIGHT_RENDER_FAILED', 'could not be rendered'))).toBe(CREATE_SHARE_FAILED);
    expect(createShareErrorMessage(failure(404, 'HIGHLIGHT_NOT_FOUND', 'Highlight not found'))).toBe(CREATE_SHARE_FAILED);
    expect(createShareErrorMessage(failure('network'))).toBe(CREATE_SHARE_FAILED);
    expect(createShareErrorMessage(failure('invalid_response'))).toBe(CREATE_SHARE_FAILED);
  });

  it('views: “1 view”, else “{n} views”', () => {
    expect(viewCountText(0)).toBe('0 views');
    expect(viewCountText(1)).toBe('1 view');
    expect(viewCountText(12)).toBe('12 views');
  });

  it('expiry: never / the date while active; since when once it no longer works', () => {
    expect(expiryText({ status: 'active', expiresAt: null, revokedAt: null })).toBe('Never expires');
    expect(expiryText({ status: 'active', expiresAt: '2026-07-08T15:00:00.000Z', revokedAt: null })).toBe(
      'Expires Jul 8, 2026, 10:00 AM',
    );
    expect(expiryText({ status: 'expired', expiresAt: '2026-07-08T15:00:00.000Z', revokedAt: null })).toBe(
      'Expired Jul 8, 2026, 10:00 AM',
    );
    // Revoked wins over expired, as the status does.
    expect(expiryText({ status: 'revoked', expiresAt: '2026-07-08T15:00:00.000Z', revokedAt: '2026-07-02T16:00:00.000Z' })).toBe(
      'Revoked Jul 2, 2026, 11:00 AM',
    );
    expect(expiryText({ status: 'revoked', expiresAt: null, revokedAt: null })).toBe('Revoked');
  });
});
