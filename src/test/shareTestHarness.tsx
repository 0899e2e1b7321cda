import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { API, apiServer } from './apiServer';
import { renderWithProviders, signedInState } from './renderWithProviders';
import { makeToken } from './tokens';
import { ShareSheetContext, type ShareSheet, type ShareSheetOutcome } from '../features/shares/model/shareSheet';

/** A share sheet for tests: a phone (the system sheet offered) or not; copying succeeds unless told otherwise. */
export function fakeShareSheet({ phone = false, copies = true }: { phone?: boolean; copies?: boolean } = {}) {
  return {
    available: jest.fn(() => phone),
    open: jest.fn<Promise<ShareSheetOutcome>, [{ title: string; url: string }]>(() => Promise.resolve('shared')),
    copy: jest.fn<Promise<boolean>, [string, (HTMLElement | null)?]>(() => Promise.resolve(copies)),
  } satisfies ShareSheet;
}

/** `ui` signed in, with `sheet` as the share sheet. */
export function renderWithSheet(ui: ReactElement, sheet: ShareSheet = fakeShareSheet(), route = '/') {
  const { session } = signedInState();
  return renderWithProviders(<ShareSheetContext value={sheet}>{ui}</ShareSheetContext>, {
    route,
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

type Answer = object | (() => Response | Promise<Response>);

const reply = (answer: Answer, status = 200) =>
  typeof answer === 'function' ? (answer as () => Response | Promise<Response>)() : HttpResponse.json(answer, { status });

/** GET `path` answered in turn (the last answer repeats); returns how many times it was asked. */
export function answerGet(path: string, ...answers: Answer[]) {
  const asked = { count: 0 };
  apiServer.use(
    http.get(API(path), () => {
      asked.count += 1;
      return reply(answers[Math.min(asked.count - 1, answers.length - 1)]!);
    }),
  );
  return asked;
}

/** POST `path` answered in turn (201 or what a function answers); returns the bodies sent. */
export function answerPost(path: string, status: number, ...answers: Answer[]) {
  const bodies: unknown[] = [];
  apiServer.use(
    http.post(API(path), async ({ request }) => {
      const text = await request.text();
      bodies.push(text === '' ? null : JSON.parse(text));
      return reply(answers[Math.min(bodies.length - 1, answers.length - 1)]!, status);
    }),
  );
  return bodies;
}

/** A promise the test resolves when it wants the server to answer. */
export function held() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}
