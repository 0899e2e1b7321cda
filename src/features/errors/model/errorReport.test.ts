import { makeToken } from '../../../test/tokens';
import { scrubSecrets } from '../../../app/devtools';
import { buildErrorReport, reportMailto } from './errorReport';

describe('error report', () => {
  const token = makeToken({});
  const caught = {
    message: `Boom with ${token}`,
    stack: `Error: Boom\n at Authorization: Bearer ${token}`,
    componentStack: '\n at Screen',
    timestamp: '2026-11-21T12:00:00.000Z',
    url: 'http://localhost:3000/login?code=secret-code&state=s1',
  };

  it('holds the spec fields and no token or sign-in code', () => {
    const report = buildErrorReport(caught, { userId: 'u-1', sessionId: 'tab-1', userAgent: 'UA' });
    expect(Object.keys(report).sort()).toEqual(
      ['componentStack', 'message', 'sessionId', 'stack', 'timestamp', 'url', 'userAgent', 'userId'].sort(),
    );
    const text = JSON.stringify(report);
    expect(text).not.toContain(token);
    expect(text).not.toContain('secret-code');
    expect(report.userId).toBe('u-1');
  });

  it("falls back to 'anonymous' and 'unknown'", () => {
    const report = buildErrorReport(caught, { userId: null, sessionId: null, userAgent: 'UA' });
    expect(report.userId).toBe('anonymous');
    expect(report.sessionId).toBe('unknown');
  });

  it('makes a mail draft with the message, URL and time', () => {
    const href = reportMailto('help@example.com', caught);
    expect(href.startsWith('mailto:help@example.com?subject=')).toBe(true);
    const body = decodeURIComponent(href.split('body=')[1] ?? '');
    expect(body).toContain('Error: Boom with [redacted]');
    expect(body).toContain('URL: http://localhost:3000/login?code=[redacted]&state=[redacted]');
    expect(body).toContain('Time: 2026-11-21T12:00:00.000Z');
  });

  it('scrubs bearer headers', () => expect(scrubSecrets('Bearer abc')).toBe('Bearer [redacted]'));
});
