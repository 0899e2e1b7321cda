import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

function describe(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').split('\n').join('\n        ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more element(s)` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

/** Runs axe (WCAG 2.x A/AA rules and best practices) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<void> {
  // Colours read mid-fade (a menu or drawer opening) are not what the user ends up seeing.
  await page.evaluate(`Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))`);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (minor.length > 0) {
    console.info(`axe: ${minor.length} minor/moderate finding(s) on ${page.url()} (not failing):\n${describe(minor)}`);
  }
  expect(blocking.length, `Serious or critical accessibility violations on ${page.url()}:\n\n${describe(blocking)}\n`).toBe(0);
}
