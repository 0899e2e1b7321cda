import { buffers, channel, type Channel, type SagaIterator } from 'redux-saga';
import { delay, put, race, take } from 'redux-saga/effects';
import type { Clock } from '../../../app/clock';
import { PROGRESS_INTERVAL_MS } from './uploadConstants';
import { filesProgressed } from './uploadsSlice';

/** Where the transfers under way leave their figures (whole percent) between two updates of the store. */
export interface ProgressBoard {
  report(id: string, percent: number): void;
  /** Drops a file's figure not yet shown: its request has ended, and a retry starts again from 0. */
  forget(id: string): void;
}

/** The saga context key under which the upload scope hands its transfers the board. */
export const PROGRESS_BOARD = 'uploadProgress';

/** The board as the gathering saga sees it. */
export interface GatheredProgress extends ProgressBoard {
  /** Wakes gatherProgress: the first figure since the last update, or any figure once the next one is due. */
  readonly wake: Channel<true>;
  /** The figures reported since the last update, and none from now on; null when nothing was reported. */
  takeFigures(): Record<string, number> | null;
  /** The next update is due at this time (the clock's); a figure reported after it wakes the saga at once. */
  dueAt: number;
}

/**
 * A report is a plain call from the request's progress handler, many a second across the transfers: it only
 * writes the figure down, and wakes the gathering saga when the store should hear of it (once an interval). Waking
 * sagas for every report costs the page's main thread time (docs/performance.md "Uploads"), taken from the cores
 * the transfers need.
 */
export function progressBoard(clock: Clock): GatheredProgress {
  let figures: Record<string, number> | null = null;
  const board: GatheredProgress = {
    wake: channel<true>(buffers.sliding(1)),
    dueAt: Number.NEGATIVE_INFINITY,
    report(id, percent) {
      const first = figures === null;
      figures ??= {};
      figures[id] = percent;
      if (first || clock.now() >= board.dueAt) board.wake.put(true);
    },
    forget(id) {
      if (!figures) return;
      delete figures[id];
      if (Object.keys(figures).length === 0) figures = null;
    },
    takeFigures() {
      const taken = figures;
      figures = null;
      return taken;
    },
  };
  return board;
}

/**
 * The progress of every transfer under way reaches the store together, in one action at most every
 * PROGRESS_INTERVAL_MS: each action re-renders the list and the summary, and three files reporting apart
 * made three renders (and three frames) where one does. That work shares the device's CPU with the
 * transfers themselves (docs/performance.md "Uploads").
 *
 * The interval is a wall-clock deadline raced against the next report: a background tab that holds the
 * timer back still shows the figures as soon as another report arrives.
 */
export function* gatherProgress(board: GatheredProgress, clock: Clock): SagaIterator {
  for (;;) {
    yield take(board.wake);
    const wait = board.dueAt - clock.now();
    if (wait > 0) yield race({ due: delay(wait), report: take(board.wake) });
    const figures = board.takeFigures();
    if (!figures) continue; // a wake left from figures already shown
    board.dueAt = clock.now() + PROGRESS_INTERVAL_MS;
    yield put(filesProgressed(figures));
  }
}
