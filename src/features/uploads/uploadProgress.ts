import type { Channel, SagaIterator } from 'redux-saga';
import { delay, getContext, put, race, take } from 'redux-saga/effects';
import type { AppServices } from '../../app/services';
import { PROGRESS_INTERVAL_MS } from './uploadConstants';
import { filesProgressed } from './uploadsSlice';

/** A transfer's progress, in whole percent. */
export interface ProgressReport {
  id: string;
  percent: number;
}

/** The saga context key under which the upload scope hands its transfers the channel of their reports. */
export const PROGRESS_REPORTS = 'uploadProgress';

/**
 * The progress of every transfer under way reaches the store together, in one action at most every
 * PROGRESS_INTERVAL_MS: each action re-renders the list and the summary, and three files reporting apart
 * made three renders (and three frames) where one does. That work shares the device's CPU with the
 * transfers themselves (issue 14, docs/performance.md "Uploads").
 *
 * The interval is a wall-clock deadline raced against the next report: a background tab that holds the
 * timer back still shows the figures as soon as another report arrives.
 */
export function* gatherProgress(reports: Channel<ProgressReport>): SagaIterator {
  const services: AppServices = yield getContext('services');
  let waiting: Record<string, number> | null = null;
  let shownAt = Number.NEGATIVE_INFINITY;
  for (;;) {
    const wait = shownAt + PROGRESS_INTERVAL_MS - services.clock.now();
    if (waiting && wait <= 0) {
      yield put(filesProgressed(waiting));
      waiting = null;
      shownAt = services.clock.now();
      continue;
    }
    // Nothing waiting: only the next report matters. Something waiting: the report or the deadline, first.
    const { report } = (waiting ? yield race({ report: take(reports), due: delay(wait) }) : { report: yield take(reports) }) as {
      report?: ProgressReport;
    };
    if (report) waiting = { ...(waiting ?? {}), [report.id]: report.percent };
  }
}
