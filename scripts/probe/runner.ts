/** One line per check, a timeout per check, and a tally. */

export class CheckFailure extends Error {}

/** Fails the current check with what was sent and what came back. */
export function fail(message: string): never {
  throw new CheckFailure(message);
}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

export interface Check {
  name: string;
  /** Default 15 s. */
  timeoutMs?: number;
  run: () => Promise<void>;
}

export interface Tally {
  passed: number;
  failed: number;
}

export function newTally(): Tally {
  return { passed: 0, failed: 0 };
}

function report(tally: Tally, name: string, problem: string | null): void {
  if (problem === null) {
    tally.passed += 1;
    console.log(`ok   – ${name}`);
  } else {
    tally.failed += 1;
    console.log(`FAIL – ${name} (${problem})`);
  }
}

/** Runs checks one after another (they share one server); a thrown non-CheckFailure is a harness error. */
export async function runChecks(tally: Tally, checks: Check[]): Promise<void> {
  for (const check of checks) {
    const ms = check.timeoutMs ?? 15_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckFailure(`no result within ${ms} ms`)), ms);
    });
    try {
      await Promise.race([check.run(), timeout]);
      report(tally, check.name, null);
    } catch (err) {
      const why = err instanceof CheckFailure ? err.message : `error in probe or unexpected answer: ${String(err)}`;
      report(tally, check.name, why);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Reports every check as failed without running it (their server could not be started). */
export function skipChecks(tally: Tally, checks: Check[], why: string): void {
  for (const check of checks) report(tally, check.name, `not run: ${why}`);
}
