import { File as NodeFile } from 'node:buffer';
import { delay, http, HttpResponse } from 'msw';
import type { EventChannel } from 'redux-saga';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { readUploadAnswer } from './uploadFailure';
import { uploadChannel, type UploadOutcome, type UploadRequest } from './uploadTransfer';

setupApiServer();

/**
 * Under jest-fixed-jsdom, FormData and Blob are Node's while File is still jsdom's, which Node's FormData
 * refuses; a browser has one of each. Node's own File stands in for the picked file.
 */
const video = (name: string, size: number) =>
  new NodeFile([new Uint8Array(size)], name, { type: 'video/mp4' }) as unknown as File;

const request = (extra: Partial<UploadRequest> = {}): UploadRequest => ({
  url: API('uploads'),
  file: video('a.mp4', 64),
  eventId: null,
  token: 'tok-1',
  key: 'file-1',
  ...extra,
});

/** The channel's one outcome, as the saga's `take` would read it. */
function outcomeOf(answer: EventChannel<UploadOutcome>): Promise<UploadOutcome> {
  return new Promise((resolve, reject) =>
    answer.take((outcome) => ('kind' in outcome ? resolve(outcome) : reject(new Error('the channel ended without an outcome')))),
  );
}

const noProgress = () => undefined;

describe('the upload transfer (XHR in an eventChannel)', () => {
  it("posts the file and the event as multipart with the bearer and the file's key, and hands back the parsed answer", async () => {
    let seen: { auth: string | null; client: string | null; key: string | null; video: string | null; eventId: unknown } | null =
      null;
    apiServer.use(
      http.post(API('uploads'), async ({ request: req }) => {
        const form = await req.formData();
        const file = form.get('video');
        seen = {
          auth: req.headers.get('authorization'),
          client: req.headers.get('x-frontend-client'),
          key: req.headers.get('idempotency-key'),
          video: typeof file === 'string' || file === null ? null : file.name, // (Node's File, not the global one)
          eventId: form.get('eventId'),
        };
        return HttpResponse.json({ success: true, data: { id: 'clip-1' } }, { status: 201 });
      }),
    );
    const outcome = await outcomeOf(uploadChannel(request({ eventId: 'ev-1' }), noProgress));
    expect(outcome).toEqual({ kind: 'answered', status: 201, body: { success: true, data: { id: 'clip-1' } } });
    expect(seen).toEqual({ auth: 'Bearer tok-1', client: 'true', key: 'file-1', video: 'a.mp4', eventId: 'ev-1' });
  });

  it('a 2xx whose body is not JSON is handed on as text, which the answer schema refuses', async () => {
    apiServer.use(http.post(API('uploads'), () => new HttpResponse('<html>proxy page</html>', { status: 200 })));
    const outcome = await outcomeOf(uploadChannel(request(), noProgress));
    expect(outcome).toEqual({ kind: 'answered', status: 200, body: '<html>proxy page</html>' });
    if (outcome.kind !== 'answered') throw new Error('expected an answer');
    expect(readUploadAnswer(outcome.status, outcome.body)).toEqual({
      kind: 'refused',
      error: { code: 'UPLOAD_FAILED', message: 'Unexpected response format' },
    });
  });

  it('a refusal is handed on with its status and body, whatever they say', async () => {
    apiServer.use(
      http.post(API('uploads'), () => HttpResponse.json({ success: false, errorCode: 'FILE_TOO_LARGE' }, { status: 413 })),
    );
    await expect(outcomeOf(uploadChannel(request(), noProgress))).resolves.toEqual({
      kind: 'answered',
      status: 413,
      body: { success: false, errorCode: 'FILE_TOO_LARGE' },
    });
  });

  it('a lost connection is a network outcome', async () => {
    apiServer.use(http.post(API('uploads'), () => HttpResponse.error()));
    await expect(outcomeOf(uploadChannel(request(), noProgress))).resolves.toEqual({ kind: 'network' });
  });

  it('closing the channel before the answer aborts the request', async () => {
    let arrived: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    apiServer.use(
      http.post(API('uploads'), async () => {
        arrived();
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const abort = jest.spyOn(XMLHttpRequest.prototype, 'abort');
    const events = uploadChannel(request(), noProgress);
    await reached;
    events.close();
    expect(abort).toHaveBeenCalledTimes(1);
    abort.mockRestore();
  });

  it('passes on each new whole percent once, however often the browser reports; every report as activity', () => {
    // A request that only reports progress: what the browser's XHR calls, without a transfer.
    const upload: { onprogress?: (e: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void } = {};
    const fakeXhr = { upload, open: jest.fn(), setRequestHeader: jest.fn(), send: jest.fn(), abort: jest.fn() };
    const constructor = jest.spyOn(globalThis, 'XMLHttpRequest').mockImplementation(() => fakeXhr as unknown as XMLHttpRequest);
    const seen: number[] = [];
    const moved: boolean[] = [];
    const answer = uploadChannel(
      request(),
      (percent) => seen.push(percent),
      (bodySent) => moved.push(bodySent),
    );
    const report = (loaded: number, total: number, lengthComputable = true) =>
      upload.onprogress!({ lengthComputable, loaded, total });
    // A slow uplink: many reports inside one percent, then the next percents, a report of no known length, the end.
    [100, 250, 900, 999, 1_000, 1_001, 2_500, 2_600].forEach((loaded) => report(loaded, 100_000));
    report(50_000, 0, false);
    report(100_000, 100_000);
    expect(seen).toEqual([0, 1, 2, 100]);
    // Every report is activity (what the stall check reads), the last one with the whole body sent.
    expect(moved).toEqual([...Array<boolean>(9).fill(false), true]);
    answer.close();
    constructor.mockRestore();
  });

  it('closing it after the answer aborts nothing', async () => {
    apiServer.use(http.post(API('uploads'), () => HttpResponse.json({ success: true, data: { id: 1 } }, { status: 201 })));
    const abort = jest.spyOn(XMLHttpRequest.prototype, 'abort');
    const events = uploadChannel(request(), noProgress);
    await outcomeOf(events);
    events.close();
    expect(abort).not.toHaveBeenCalled();
    abort.mockRestore();
  });
});
