import type * as UploadSendModule from './uploadSend';
import { flush, pick, uploadStore, video } from '../../../test/uploadHarness';

// When the sending code (its own chunk in the build) is first evaluated.
const sender = { loaded: false };
jest.mock('./uploadSend', () => {
  sender.loaded = true;
  return jest.requireActual<typeof UploadSendModule>('./uploadSend');
});

beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

it('loads the sending code once files are listed, before Upload Files is pressed', async () => {
  const { store, net } = uploadStore();
  await flush();
  expect(sender.loaded).toBe(false); // not with the page
  pick(store, video('a.mp4'));
  await flush();
  expect(net.open).toHaveLength(0);
  expect(sender.loaded).toBe(true);
});
