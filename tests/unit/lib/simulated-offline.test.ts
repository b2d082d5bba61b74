import { describe, expect, it } from 'vitest';
import { readOfflineFlag, setSimulatedOfflineMode, withoutOfflineFlag } from '../../../src/lib/simulated-offline.ts';
import { buildReplica } from '../support/replica-fixture.ts';
import { createServiceWorkerDouble, createWorkerDouble } from '../support/doubles.ts';

describe('simulated offline mode (DESIGN §4)', () => {
  it('on: tells the worker and the service worker, and sends nothing', async () => {
    const db = await buildReplica();
    const worker = createWorkerDouble(db);
    const serviceWorker = createServiceWorkerDouble();
    await setSimulatedOfflineMode(true, { worker, serviceWorker });
    expect(worker.setSimulatedOffline).toHaveBeenCalledWith(true);
    expect(serviceWorker.posted).toEqual([{ type: 'SET_SIMULATED_OFFLINE', offline: true }]);
    expect(worker.drainOutbox).not.toHaveBeenCalled();
  });

  it('off: tells both, then asks the service worker to replay and the worker to drain', async () => {
    const db = await buildReplica();
    const worker = createWorkerDouble(db);
    const serviceWorker = createServiceWorkerDouble();
    await setSimulatedOfflineMode(false, { worker, serviceWorker });
    expect(worker.setSimulatedOffline).toHaveBeenCalledWith(false);
    expect(serviceWorker.posted).toEqual([{ type: 'SET_SIMULATED_OFFLINE', offline: false }, { type: 'REPLAY_QUEUE' }]);
    expect(worker.drainOutbox).toHaveBeenCalledOnce();
  });

  it('reads ?offline=1 and ?offline=0, and ignores anything else', () => {
    expect(readOfflineFlag('?offline=1')).toBe(true);
    expect(readOfflineFlag('?a=b&offline=0')).toBe(false);
    expect(readOfflineFlag('?offline=maybe')).toBeNull();
    expect(readOfflineFlag('')).toBeNull();
  });

  it('removes the flag from the URL and keeps the rest', () => {
    expect(withoutOfflineFlag('https://app.test/cart?offline=1&x=2#top')).toBe('/cart?x=2#top');
  });
});
