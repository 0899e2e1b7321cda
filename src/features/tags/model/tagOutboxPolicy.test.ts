import { nextToSend, outcomeOf, retryDelayMs } from './tagOutboxPolicy';

const refusal = (status: number, error?: string) => ({ error: { status, data: { success: false, error } } });

describe('outcomeOf', () => {
  it('a made tag is sent', () => expect(outcomeOf({ data: { id: 't-1' } })).toEqual({ kind: 'sent', serverId: 't-1' }));

  it.each([
    ['no connection', { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } }],
    ['a timeout', { error: { status: 'TIMEOUT_ERROR', error: 'AbortError' } }],
    ['a 500', refusal(500, 'boom')],
    ['a 503 page from a proxy', { error: { status: 'PARSING_ERROR', originalStatus: 503, data: '<html>', error: 'x' } }],
    [
      'a captive portal answering 200 with HTML',
      { error: { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'x' } },
    ],
    ['a malformed 2xx', { error: { status: 'CUSTOM_ERROR', error: 'Unexpected response format' } }],
    ['the session ending (401)', refusal(401, 'Session ended')],
    ['too many requests', refusal(429)],
  ])('%s keeps the tag to send again', (_what, answer) => expect(outcomeOf(answer)).toEqual({ kind: 'keep' }));

  it("a 4xx refuses it with the server's reason", () =>
    expect(outcomeOf(refusal(404, 'Event not found'))).toEqual({ kind: 'refused', reason: 'Event not found' }));

  it('a 4xx without a reason says what failed', () =>
    expect(outcomeOf(refusal(422))).toEqual({ kind: 'refused', reason: 'The server refused it (HTTP 422).' }));
});

describe('retryDelayMs', () => {
  it.each([
    [0, 2_000],
    [1, 2_000],
    [2, 5_000],
    [5, 60_000],
    [40, 60_000],
  ])('after %i failures in a row: %i ms', (n, ms) => expect(retryDelayMs(n)).toBe(ms));
});

describe('nextToSend', () => {
  it('is the oldest waiting tag; failed and sending ones are not sent by themselves', () => {
    const kept = [
      { id: 'new', status: 'waiting', timestamp: '2026-11-23T18:31:00.000Z' },
      { id: 'refused', status: 'failed', timestamp: '2026-11-23T18:29:00.000Z' },
      { id: 'old', status: 'waiting', timestamp: '2026-11-23T18:30:00.000Z' },
    ];
    expect(nextToSend(kept)?.id).toBe('old');
    expect(nextToSend(kept.filter((t) => t.id !== 'old' && t.id !== 'new'))).toBeNull();
  });
});
