// @vitest-environment node
/**
 * Issue 15 point 1 in the worker: while its last request failed by network
 * it asks the server by itself (no `online` event, no screen asking) and the
 * first answer ends the offline state; the service worker's answers count
 * too; the testers' simulated offline is never probed away.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const FAST = { reconnect: { baseMs: 20, maxMs: 40 } };

async function connectivityError(h: Harness) {
  return (await h.db.syncState.get('connectivity'))?.error ?? null;
}

describe('finding out the network is back', () => {
  it('probes /version.json with backoff while offline, and the first answer ends the offline state with no other request', async () => {
    harness = await startHarness({ service: FAST });
    harness.network.offline = true;
    expect(await harness.service.api.refreshLanguages()).toEqual({ ok: false, reason: 'offline' });
    expect(await connectivityError(harness)).toBe('offline');
    harness.network.sent.length = 0;
    // Still down: the probe keeps asking, nothing else does.
    await expect.poll(() => harness!.network.sent.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(new Set(harness.network.pathsSent())).toEqual(new Set(['/version.json']));
    expect(await connectivityError(harness)).toBe('offline');

    harness.network.offline = false;
    await expect.poll(() => connectivityError(harness!), { timeout: 10_000 }).toBeNull();
    // Found: the probing stops.
    const asked = harness.network.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness.network.sent.length).toBe(asked);
  }, 60_000);

  it('an answer the service worker got ends the offline state too', async () => {
    harness = await startHarness();
    harness.network.offline = true;
    await harness.service.api.refreshLanguages();
    expect(await connectivityError(harness)).toBe('offline');
    await harness.service.api.settleFromServiceWorker({ type: 'OUTBOX_APPLIED', idempotencyKey: 'no-such-row-here', kind: 'cart-check', status: 200, body: {} });
    expect(await connectivityError(harness)).toBeNull();
  }, 60_000);

  it('never probes a simulated offline away: it ends only by the switch', async () => {
    harness = await startHarness({ service: FAST });
    await harness.service.api.setSimulatedOffline(true);
    expect(await harness.service.api.refreshLanguages()).toEqual({ ok: false, reason: 'offline' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.network.sent).toEqual([]);
    expect(await connectivityError(harness)).toBe('offline');
    await harness.service.api.setSimulatedOffline(false);
    expect(await connectivityError(harness)).toBeNull();
  }, 60_000);
});
