import '@testing-library/jest-dom';

/*
 * The TAG NOW outbox starts by itself after every sign-in (src/app/startTagOutbox.ts) through a dynamic import.
 * In Jest that import compiles a module graph in the middle of a test's fake-time steps and leaves a
 * BroadcastChannel open per store, which made unrelated session tests timing-dependent. Stores here start
 * without it; the tag tests start the outbox saga themselves, startTagOutbox.test.ts tests the real launcher,
 * and the browser tests run it as shipped.
 */
jest.mock('../app/startTagOutbox', () => ({
  // eslint-disable-next-line require-yield -- a saga that does nothing
  *startTagOutbox() {
    return undefined;
  },
}));
