import { storedSessionClaim } from './storedSessionClaim';

/** A lock request the test answers: granted (a release is handed back) or refused (null). */
function lockRequests() {
  const asked: Array<(granted: boolean) => void> = [];
  const released = jest.fn();
  const claim = () => new Promise<(() => void) | null>((resolve) => asked.push((granted) => resolve(granted ? released : null)));
  return { asked, released, claim };
}

describe('storedSessionClaim', () => {
  it('holds once granted; saves that ask at once share one request', async () => {
    const lock = lockRequests();
    const claim = storedSessionClaim(lock.claim);
    const first = claim.hold();
    const second = claim.hold();
    expect(lock.asked).toHaveLength(1);
    lock.asked[0]?.(true);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(claim.held).toBe(true);
    expect(await claim.hold()).toBe(true);
    expect(lock.asked).toHaveLength(1);
  });

  it('refused while another tab holds it, and asks again at the next hold', async () => {
    const lock = lockRequests();
    const claim = storedSessionClaim(lock.claim);
    const refused = claim.hold();
    lock.asked[0]?.(false);
    expect(await refused).toBe(false);
    expect(claim.held).toBe(false);
    const later = claim.hold();
    expect(lock.asked).toHaveLength(2);
    lock.asked[1]?.(true);
    expect(await later).toBe(true);
  });

  it('release lets go, and lets go of a grant that arrives after it', async () => {
    const lock = lockRequests();
    const claim = storedSessionClaim(lock.claim);
    const held = claim.hold();
    lock.asked[0]?.(true);
    await held;
    claim.release();
    expect(lock.released).toHaveBeenCalledTimes(1);
    expect(claim.held).toBe(false);

    const late = claim.hold();
    claim.release();
    lock.asked[1]?.(true);
    expect(await late).toBe(false);
    expect(lock.released).toHaveBeenCalledTimes(2);
    expect(claim.held).toBe(false);
  });

  it('a failed request holds nothing', async () => {
    const claim = storedSessionClaim(() => Promise.reject(new Error('no locks')));
    expect(await claim.hold()).toBe(false);
    expect(claim.held).toBe(false);
  });
});
