import { readWatchData, sameOriginUrl } from './watchData';

const PAGE = 'https://watch.example/s/AbCdEfGhIjKlMnOpQrStUvWx';

const valid = {
  title: 'Summer Final',
  streamUrl: '/media/shares/AbCdEfGhIjKlMnOpQrStUvWx/video?exp=1&sig=s',
  posterUrl: '/media/shares/AbCdEfGhIjKlMnOpQrStUvWx/poster?exp=1&sig=p',
  durationSeconds: 75,
  event: 'Final',
  venue: 'Hall',
  date: 'Sat, Nov 21, 2026',
};

/** A page holding `json` as its data block (written as the server would, or broken on purpose). */
function pageWith(json: string, type = 'application/json'): Document {
  const doc = document.implementation.createHTMLDocument('watch');
  const script = doc.createElement('script');
  script.type = type;
  script.id = 'watch-data';
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('readWatchData', () => {
  it("reads the page's data, making the media addresses absolute on the page's origin", () => {
    expect(readWatchData(pageWith(JSON.stringify(valid)), PAGE)).toEqual({
      ...valid,
      streamUrl: 'https://watch.example/media/shares/AbCdEfGhIjKlMnOpQrStUvWx/video?exp=1&sig=s',
      posterUrl: 'https://watch.example/media/shares/AbCdEfGhIjKlMnOpQrStUvWx/poster?exp=1&sig=p',
    });
  });

  it('reads the escapes the server writes (<, >, & and U+2028 as \\u sequences)', () => {
    const json = JSON.stringify({ ...valid, title: 'A <b> & \u2028 C' })
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028');
    expect(readWatchData(pageWith(json), PAGE)?.title).toBe('A <b> & \u2028 C');
  });

  it('takes a missing poster, duration, venue or date as none', () => {
    const { title, streamUrl } = valid;
    expect(readWatchData(pageWith(JSON.stringify({ title, streamUrl })), PAGE)).toEqual({
      title,
      streamUrl: `https://watch.example${streamUrl}`,
      posterUrl: null,
      durationSeconds: null,
      event: null,
      venue: null,
      date: null,
    });
  });

  it.each([
    ['no data block', null],
    ['data of another type', 'text/plain'],
  ])('is null for a page with %s', (_what, type) => {
    const doc = type === null ? document.implementation.createHTMLDocument('x') : pageWith(JSON.stringify(valid), type);
    expect(readWatchData(doc, PAGE)).toBeNull();
  });

  it.each([
    ['not JSON', '{"title":'],
    ['empty', ''],
    ['JSON null', 'null'],
    ['an array', JSON.stringify([valid])],
    ['a string', JSON.stringify('Summer Final')],
    ['no title', JSON.stringify({ ...valid, title: undefined })],
    ['a blank title', JSON.stringify({ ...valid, title: '  ' })],
    ['a numeric title', JSON.stringify({ ...valid, title: 7 })],
    ['no stream', JSON.stringify({ ...valid, streamUrl: undefined })],
    ['a negative duration', JSON.stringify({ ...valid, durationSeconds: -1 })],
    ['a duration in text', JSON.stringify({ ...valid, durationSeconds: '75' })],
    ['a stream on another site', JSON.stringify({ ...valid, streamUrl: 'https://elsewhere.example/v.mp4' })],
    ['a protocol-relative stream elsewhere', JSON.stringify({ ...valid, streamUrl: '//elsewhere.example/v.mp4' })],
    ['a javascript: stream', JSON.stringify({ ...valid, streamUrl: 'javascript:alert(1)' })],
    ['a data: stream', JSON.stringify({ ...valid, streamUrl: 'data:video/mp4;base64,AAAA' })],
  ])('is null (never throws) for data that is %s', (_what, json) => {
    expect(() => readWatchData(pageWith(json), PAGE)).not.toThrow();
    expect(readWatchData(pageWith(json), PAGE)).toBeNull();
  });

  it('drops a poster from another site but keeps the video', () => {
    const data = readWatchData(pageWith(JSON.stringify({ ...valid, posterUrl: 'https://elsewhere.example/p.jpg' })), PAGE);
    expect(data?.posterUrl).toBeNull();
    expect(data?.streamUrl).toMatch(/^https:\/\/watch\.example\/media\/shares\//);
  });

  it("uses the document's own address by default", () => {
    document.body.innerHTML = `<script type="application/json" id="watch-data">${JSON.stringify(valid)}</script>`;
    expect(readWatchData(document)?.streamUrl).toBe(new URL(valid.streamUrl, window.location.href).href);
    document.body.innerHTML = '';
  });
});

describe('sameOriginUrl', () => {
  it('keeps addresses on the same scheme, host and port only', () => {
    expect(sameOriginUrl('https://watch.example/a', PAGE)).toBe('https://watch.example/a');
    expect(sameOriginUrl('http://watch.example/a', PAGE)).toBeNull();
    expect(sameOriginUrl('https://watch.example:8443/a', PAGE)).toBeNull();
    expect(sameOriginUrl('https://watch.example.evil/a', PAGE)).toBeNull();
  });

  it('is null for an unreadable page address', () => {
    expect(sameOriginUrl('/a', 'not a url')).toBeNull();
  });
});
