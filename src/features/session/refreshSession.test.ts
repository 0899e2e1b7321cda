import { createAppServices } from '../../app/services';
import { makeToken, TEST_USER } from '../../test/tokens';
import { loadAuthApi } from './loadAuthApi';
import { refreshSession } from './refreshSession';
import { initialSessionState } from './sessionSlice';

jest.mock('./loadAuthApi', () => ({ loadAuthApi: jest.fn() }));

describe('refreshSession when the API code cannot be loaded', () => {
  it('answers unreachable, as for a dropped connection, and changes nothing', async () => {
    jest.mocked(loadAuthApi).mockRejectedValue(new Error('Loading chunk api failed.'));
    const token = makeToken({});
    const session = { ...initialSessionState, status: 'signedIn' as const, user: TEST_USER, token };
    const dispatch = jest.fn();
    const store = { dispatch, getState: () => ({ session }) };

    await expect(refreshSession(store, createAppServices())).resolves.toBe('unreachable');
    expect(loadAuthApi).toHaveBeenCalledTimes(1);
    expect(dispatch).not.toHaveBeenCalled();
  });
});
