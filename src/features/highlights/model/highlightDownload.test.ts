import { http, HttpResponse } from 'msw';
import { apiServer, setupApiServer } from '../../../test/apiServer';
import {
  browserDownloadService,
  DOWNLOAD_FAILED,
  downloadFailureMessage,
  downloadFilename,
  MediaUrlRefused,
} from './highlightDownload';

setupApiServer();

const URL_PATH = '/media/highlights/h1/download';
const SIGNED = `${URL_PATH}?exp=1&sig=abc`;

describe('downloadFilename (docs/product/part-2.md §7 note)', () => {
  it.each([
    ['Summer Final', 'summer_final.mp4'],
    ['Goals! 2026 – Kim', 'goals__2026___kim.mp4'],
    ['ALLCAPS', 'allcaps.mp4'],
    ['Étoile', '_toile.mp4'],
    ['', 'highlight.mp4'],
  ])('%j → %j', (title, expected) => {
    expect(downloadFilename(title)).toBe(expected);
  });
});

describe('downloadFailureMessage (docs/product/part-2.md §6, §8)', () => {
  it.each([
    ['the download-url call refused (500)', { status: 500, data: { success: false } }],
    ['the download-url call refused (404)', { status: 404, data: { success: false, code: 'HIGHLIGHT_NOT_FOUND' } }],
    ['the download-url call refused (409, still rendering)', { status: 409, data: { code: 'HIGHLIGHT_NOT_READY' } }],
    ['the download-url call unanswered', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['the download-url call timed out', { status: 'TIMEOUT_ERROR', error: 'timeout' }],
    ['a malformed download-url answer', { status: 'CUSTOM_ERROR', error: 'Unexpected response format' }],
    ['the signed URL refused (403)', new MediaUrlRefused(403)],
    ['the signed URL refused (404)', new MediaUrlRefused(404)],
    ['no connection for the file', new TypeError('Failed to fetch')],
    ['anything else', new Error('boom')],
  ])("%s: 'Failed to download video. Please try again.'", (_case, error) => {
    expect(downloadFailureMessage(error)).toBe(DOWNLOAD_FAILED);
  });

  it('a 401 from the API: nothing (the session is refreshed or ends elsewhere, silently)', () => {
    expect(downloadFailureMessage({ status: 401, data: { success: false, code: 'SESSION_ENDED' } })).toBeNull();
  });

  it('a 401 from the media URL is no session matter: the failure text', () => {
    expect(downloadFailureMessage(new MediaUrlRefused(401))).toBe(DOWNLOAD_FAILED);
  });
});

describe('browserDownloadService', () => {
  function captureClicks() {
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download, attached: this.isConnected });
    });
    return clicked;
  }

  /** The media route answered with `respond`; what was asked of it. */
  function serveMedia(respond: () => Response) {
    const asked: Array<{ range: string | null; query: string }> = [];
    apiServer.use(
      http.get(`${window.location.origin}${URL_PATH}`, ({ request }) => {
        asked.push({ range: request.headers.get('range'), query: new URL(request.url).search });
        return respond();
      }),
    );
    return asked;
  }

  it('asks the signed URL for its first byte, then clicks a hidden link with the URL and the name, and removes it', async () => {
    const asked = serveMedia(() => new HttpResponse(new Uint8Array([0]), { status: 206 }));
    const clicked = captureClicks();
    await browserDownloadService.saveFromUrl(SIGNED, 'summer_final.mp4');
    expect(asked).toEqual([{ range: 'bytes=0-0', query: '?exp=1&sig=abc' }]);
    expect(clicked).toEqual([{ href: SIGNED, download: 'summer_final.mp4', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('media on object storage: the server’s redirect to the bucket is its yes (not followed)', async () => {
    const asked = serveMedia(() => new HttpResponse(null, { status: 302, headers: { Location: 'https://bucket.example/x' } }));
    const clicked = captureClicks();
    await browserDownloadService.saveFromUrl(SIGNED, 'summer_final.mp4');
    expect(asked).toHaveLength(1);
    expect(clicked).toHaveLength(1);
  });

  it.each([403, 404, 409, 500])('the signed URL answers %i: rejects, and nothing is saved', async (status) => {
    serveMedia(() => HttpResponse.json({ success: false, code: 'MEDIA_URL_EXPIRED' }, { status }));
    const clicked = captureClicks();
    const saving = browserDownloadService.saveFromUrl(SIGNED, 'summer_final.mp4');
    await expect(saving).rejects.toEqual(new MediaUrlRefused(status));
    await expect(saving).rejects.toBeInstanceOf(MediaUrlRefused);
    expect(clicked).toEqual([]);
  });

  it('no connection: rejects, and nothing is saved', async () => {
    serveMedia(() => HttpResponse.error());
    const clicked = captureClicks();
    await expect(browserDownloadService.saveFromUrl(SIGNED, 'summer_final.mp4')).rejects.toThrow();
    expect(clicked).toEqual([]);
    expect(downloadFailureMessage(await browserDownloadService.saveFromUrl(SIGNED, 'x.mp4').catch((e: unknown) => e))).toBe(
      DOWNLOAD_FAILED,
    );
  });
});
