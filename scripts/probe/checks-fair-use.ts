/** Fair use: no one sender fills the database or holds the server (docs/decisions.md "Fair use"). */
import { ERROR_REPORT_MAX_BYTES } from '../../src/app/product';
import type { Probe } from './context';
import { describe, isEnvelope } from './http';
import { expect, type Check } from './runner';

export function fairUseChecks(probe: Probe): Check[] {
  return [
    {
      name: 'anonymous error reports: a body over the cap → 413; past 10 a minute from one address → 429 with Retry-After',
      timeoutMs: 30_000,
      run: async () => {
        const send = (body: string) =>
          probe.client.send({ method: 'POST', path: '/api/v1/errors', headers: { 'content-type': 'application/json' }, body });
        const big = await send(JSON.stringify({ message: 'x', stack: 'y'.repeat(ERROR_REPORT_MAX_BYTES) }));
        expect(big.status === 413 && isEnvelope(big.json), `a ${ERROR_REPORT_MAX_BYTES + 30}-byte report got ${describe(big)}`);
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) statuses.push((await send(JSON.stringify({ message: `probe flood ${i}` }))).status);
        const last = await send(JSON.stringify({ message: 'probe flood, one more' }));
        expect(statuses.includes(429) && last.status === 429, `13 reports in a row got ${statuses.join(', ')}, ${last.status}`);
        expect(
          isEnvelope(last.json) && last.headers['retry-after'],
          `the 429 lacks the envelope or Retry-After: ${describe(last)}`,
        );
      },
    },
  ];
}
