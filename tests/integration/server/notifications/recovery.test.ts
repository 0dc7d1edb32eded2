// A worker process killed with SIGKILL in the middle of sending, then restarted on the same
// database (server/notifications/README.md "The worker and its guarantees"): every queued
// confirmation is delivered, none twice, through the outbox (exactly once: claim, delivery and
// SENT record are one transaction) and through GOV.UK Notify's client against the local fake
// (at most once: a claim left by the killed worker is looked up by its reference, never resent
// blindly). The same check as `npm run bench:notify`, on a smaller queue.
import { describe, expect, it } from 'vitest';
import { killMidDrain } from '../../../../scripts/notify-crash';

describe('kill -9 mid-drain, then a restart', () => {
  it('outbox: all 400 delivered once', { timeout: 120_000 }, async () => {
    const r = await killMidDrain('outbox', 400);
    // The kill came in the middle of the queue (else this checks nothing).
    expect(r.atKill).toBeGreaterThanOrEqual(160);
    expect(r.atKill).toBeLessThan(400);
    expect({ delivered: r.delivered, distinct: r.distinct, sent: r.sent }).toEqual({ delivered: 400, distinct: 400, sent: 400 });
  });

  it('GOV.UK Notify: all 150 reach Notify once', { timeout: 120_000 }, async () => {
    const r = await killMidDrain('notify', 150);
    expect(r.atKill).toBeGreaterThanOrEqual(60);
    expect(r.atKill).toBeLessThan(150);
    expect({ delivered: r.delivered, distinct: r.distinct, sent: r.sent }).toEqual({ delivered: 150, distinct: 150, sent: 150 });
  });
});
