import { runSaga } from 'redux-saga';
import { toApiFailure } from './apiErrors';
import { CODE_NOT_LOADED, runLoadedMutation, type MutationAnswer } from './runMutation';

function run<T>(saga: () => Generator, dispatched: unknown[] = []): Promise<T> {
  return runSaga({ dispatch: (action) => dispatched.push(action), getState: () => ({}) }, saga).toPromise() as Promise<T>;
}

describe('runLoadedMutation', () => {
  it("answers a failed load of the endpoint's code like a dropped connection, and dispatches nothing", async () => {
    const dispatched: unknown[] = [];
    const answer = await run<MutationAnswer<string>>(
      () =>
        runLoadedMutation(
          () => Promise.reject(new Error('Loading chunk api failed.')),
          () => ({ type: 'never' }),
        ),
      dispatched,
    );
    expect(answer).toBe(CODE_NOT_LOADED);
    expect('error' in answer && toApiFailure(answer.error as never).status).toBe('network');
    expect(dispatched).toEqual([]);
  });

  it('runs the mutation the loaded code makes', async () => {
    const request = Object.assign(Promise.resolve({ data: 'ok' }), { reset: jest.fn(), abort: jest.fn() });
    const dispatched: unknown[] = [];
    const answer = await runSaga(
      {
        dispatch: (action) => {
          dispatched.push(action);
          return request;
        },
        getState: () => ({}),
      },
      () =>
        runLoadedMutation(
          () => Promise.resolve({ make: (arg: string) => ({ type: 'mutate', arg }) }),
          (loaded) => loaded.make('x'),
        ),
    ).toPromise();
    expect(answer).toEqual({ data: 'ok' });
    expect(dispatched).toEqual([{ type: 'mutate', arg: 'x' }]);
    expect(request.reset).toHaveBeenCalled();
  });
});
