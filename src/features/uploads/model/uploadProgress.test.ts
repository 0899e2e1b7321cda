import { runSaga } from 'redux-saga';
import { PROGRESS_INTERVAL_MS } from './uploadConstants';
import { gatherProgress, progressBoard } from './uploadProgress';
import { filesProgressed, uploadsReducer } from './uploadsSlice';
import type { UploadFileItem } from './uploadTypes';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** The board and gatherProgress on their own: the actions dispatched, and a clock the test moves (with the fake timers). */
function gather() {
  const dispatched: unknown[] = [];
  let now = 1_000_000;
  const clock = { now: () => now };
  const board = progressBoard(clock);
  const task = runSaga({ dispatch: (action: unknown) => dispatched.push(action) }, gatherProgress, board, clock);
  const later = async (ms: number) => {
    now += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };
  /** Time passes on the clock while no timer fires, as in a background tab. */
  const clockOnly = (ms: number) => {
    now += ms;
  };
  return { dispatched, board, later, clockOnly, task };
}

describe('the transfers’ progress reaches the store together', () => {
  it('a figure forgotten before the update is not shown; the other files’ are', async () => {
    const { dispatched, board, later, task } = gather();
    board.report('a', 3);
    board.report('a', 40);
    board.report('b', 20);
    board.forget('a');
    await later(PROGRESS_INTERVAL_MS);
    expect(dispatched).toEqual([filesProgressed({ a: 3 }), filesProgressed({ b: 20 })]);
    board.report('c', 5);
    board.forget('c');
    await later(PROGRESS_INTERVAL_MS * 2);
    expect(dispatched).toHaveLength(2);
    task.cancel();
  });

  it('shows the first report at once, then every file that reported within the interval in one action', async () => {
    const { dispatched, board, later, task } = gather();
    board.report('a', 3);
    expect(dispatched).toEqual([filesProgressed({ a: 3 })]);

    board.report('a', 5);
    await later(50);
    board.report('b', 7);
    await later(50);
    board.report('a', 9);
    board.report('c', 1);
    expect(dispatched).toHaveLength(1); // nothing more before the interval is over

    await later(PROGRESS_INTERVAL_MS - 100);
    expect(dispatched).toEqual([filesProgressed({ a: 3 }), filesProgressed({ a: 9, b: 7, c: 1 })]);
    task.cancel();
  });

  it('dispatches nothing while no file reports, and shows a report after a pause at once', async () => {
    const { dispatched, board, later, task } = gather();
    board.report('a', 10);
    await later(10 * PROGRESS_INTERVAL_MS);
    expect(dispatched).toEqual([filesProgressed({ a: 10 })]);
    board.report('a', 11);
    expect(dispatched).toEqual([filesProgressed({ a: 10 }), filesProgressed({ a: 11 })]);
    task.cancel();
  });

  it('a timer held back (a background tab) delays the figures only until the next report', () => {
    const { dispatched, board, clockOnly, task } = gather();
    board.report('a', 1);
    board.report('a', 2);
    clockOnly(PROGRESS_INTERVAL_MS);
    board.report('b', 4);
    expect(dispatched).toEqual([filesProgressed({ a: 1 }), filesProgressed({ a: 2, b: 4 })]);
    task.cancel();
  });

  it('reports within the interval wake the gathering once, not each time', async () => {
    const { dispatched, board, later, task } = gather();
    board.report('a', 1);
    const puts = jest.spyOn(board.wake, 'put');
    for (let percent = 2; percent < 40; percent += 1) board.report('a', percent);
    expect(puts).toHaveBeenCalledTimes(1); // the first figure since the update; the rest are written down only
    await later(PROGRESS_INTERVAL_MS);
    expect(dispatched).toEqual([filesProgressed({ a: 1 }), filesProgressed({ a: 39 })]);
    task.cancel();
  });
});

describe('filesProgressed', () => {
  it('moves only files being sent, never back and never to 100 before the answer', () => {
    const base = uploadsReducer(undefined, { type: 'init' });
    const file = (id: string, status: 'uploading' | 'completed', progress: number): UploadFileItem => ({
      id,
      name: `${id}.mp4`,
      size: 1,
      type: 'video/mp4',
      lastModified: 0,
      status,
      progress,
      metadata: null,
      clipId: null,
      error: null,
    });
    const state = { ...base, files: [file('a', 'uploading', 40), file('b', 'uploading', 10), file('c', 'completed', 100)] };
    const next = uploadsReducer(state, filesProgressed({ a: 30, b: 100, c: 50, gone: 5 }));
    expect(next.files.map((f) => f.progress)).toEqual([40, 99, 100]);
  });
});
