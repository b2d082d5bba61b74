/**
 * driver-actions, on each database: a line of queued steps in one request.
 * Each step answers exactly what its own call would; a step sent before
 * (same key) answers its first answer and changes nothing; a refused step
 * does not stop the ones after it; nobody but a driver may send a batch,
 * and malformed batches are 400s.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { callAs } from '../../support/accounts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverActionResults } from '../../../src/api/driver/entities.ts';
import type { OrderMoveResult } from '../../../src/api/orders/entities.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { createCast, historyOf, type Cast } from '../orders/lifecycle-support.ts';
import { driverCall, newDriver, preparingOrder } from './driver-fixtures.ts';

describe.each(testDatabases())('driver-actions on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs the steps in order, each once, at the times the driver acted; the same batch again changes nothing', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await preparingOrder(t.app, cast);
    // Times after the store's accept and before the batch is sent (the server keeps a step's time within those bounds).
    const acceptedAt = Date.now();
    const at = (step: number) => new Date(acceptedAt + step * 20).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const steps = [
      { key: randomUUID(), call: 'accept-to-deliver', body: { unique_order_id: order.unique_order_id, acted_at: at(1) } },
      { key: randomUUID(), call: 'pickedup-order', body: { unique_order_id: order.unique_order_id, acted_at: at(2) } },
      { key: randomUUID(), call: 'deliver-order', body: { unique_order_id: order.unique_order_id, acted_at: at(3), delivery_pin: order.delivery_pin } },
    ];
    const first = await driverCall(t.app, 'driver-actions', driver, { actions: steps });
    expect(first.statusCode).toBe(200);
    const { results } = first.json<DriverActionResults>();
    expect(results.map((result) => [result.key, result.status])).toEqual(steps.map((step) => [step.key, 200]));
    expect((results[2]?.body as OrderMoveResult).tracking.status).toBe(5);
    const history = (await historyOf(t.db, order.id)).filter((step) => step.actor === 'driver');
    expect(history.map((step) => [step.status, step.happened_at])).toEqual([
      [3, steps[0]?.body.acted_at],
      [4, steps[1]?.body.acted_at],
      [5, steps[2]?.body.acted_at],
    ]);

    const again = await driverCall(t.app, 'driver-actions', driver, { actions: steps });
    expect(again.json<DriverActionResults>().results).toEqual(results);
    expect((await historyOf(t.db, order.id)).filter((step) => step.actor === 'driver')).toHaveLength(3);
  });

  it('a refused step is answered and the next one still runs', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const cancelled = await preparingOrder(t.app, cast);
    const fine = await preparingOrder(t.app, cast);
    await driverCall(t.app, 'accept-to-deliver', driver, { unique_order_id: cancelled.unique_order_id });
    await driverCall(t.app, 'store-cancel-order', cast.owner, { unique_order_id: cancelled.unique_order_id, reason: 'Closed early' });
    const response = await driverCall(t.app, 'driver-actions', driver, {
      actions: [
        { key: randomUUID(), call: 'pickedup-order', body: { unique_order_id: cancelled.unique_order_id } },
        { key: randomUUID(), call: 'accept-to-deliver', body: { unique_order_id: fine.unique_order_id } },
      ],
    });
    const { results } = response.json<DriverActionResults>();
    expect(results.map((result) => result.status)).toEqual([409, 200]);
    expect(results[0]?.body).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: expect.stringContaining('cancelled') });
  });

  it('is for drivers only, and refuses calls that are not steps and malformed batches', async () => {
    const order = await preparingOrder(t.app, cast);
    const step = { key: randomUUID(), call: 'accept-to-deliver', body: { unique_order_id: order.unique_order_id } };
    expect((await driverCall(t.app, 'driver-actions', cast.customer, { actions: [step] })).statusCode).toBe(403);
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const notAStep = await driverCall(t.app, 'driver-actions', driver, { actions: [{ ...step, call: 'cancel-order' }] });
    expect(notAStep.statusCode).toBe(400);
    expect(notAStep.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await driverCall(t.app, 'driver-actions', driver, { actions: [] })).statusCode).toBe(400);
    expect((await driverCall(t.app, 'driver-actions', driver, { actions: [{ ...step, key: 'short' }] })).statusCode).toBe(400);
    // Nothing ran.
    expect((await historyOf(t.db, order.id)).map((entry) => entry.status)).toEqual([1, 2]);
  });

  it('runs each step as its single call: one Idempotency-Key for both, the same checks, the same answers', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await preparingOrder(t.app, cast);
    const acceptKey = randomUUID();
    const accept = { unique_order_id: order.unique_order_id };
    // Accepted alone, then sent again in a batch with the same key: the batch answers the first answer and changes nothing.
    const alone = await callAs(t.app, 'accept-to-deliver', { token: driver.token, ...accept }, { headers: { [IDEMPOTENCY_HEADER]: acceptKey } });
    expect(alone.statusCode).toBe(200);
    const pickupKey = randomUUID();
    const batch = await driverCall(t.app, 'driver-actions', driver, {
      actions: [
        { key: acceptKey, call: 'accept-to-deliver', body: accept },
        // A body its own call's schema refuses is that call's 400, and claims no key.
        { key: randomUUID(), call: 'pickedup-order', body: { unique_order_id: order.unique_order_id, acted_at: 'yesterday' } },
        { key: randomUUID(), call: 'pickedup-order', body: { unique_order_id: order.unique_order_id, surprise: true } },
        { key: pickupKey, call: 'pickedup-order', body: { unique_order_id: order.unique_order_id } },
      ],
    });
    const { results } = batch.json<DriverActionResults>();
    expect(results.map((result) => result.status)).toEqual([200, 400, 400, 200]);
    expect(results[0]?.body).toEqual(alone.json());
    expect(results[2]?.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/surprise', message: 'unknown field "surprise"' }] });
    // The pickup sent alone afterwards with the batch's key is the batch's answer, replayed.
    const replayed = await callAs(t.app, 'pickedup-order', { token: driver.token, unique_order_id: order.unique_order_id }, { headers: { [IDEMPOTENCY_HEADER]: pickupKey } });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(results[3]?.body);
    // The same key with another body is refused for the step as for the call.
    const reused = await driverCall(t.app, 'driver-actions', driver, {
      actions: [{ key: pickupKey, call: 'pickedup-order', body: { unique_order_id: order.unique_order_id, acted_at: new Date().toISOString() } }],
    });
    expect(reused.json<DriverActionResults>().results[0]).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect((await historyOf(t.db, order.id)).filter((step) => step.actor === 'driver').map((step) => step.status)).toEqual([3, 4]);
  });

  it('admits each step by its own call: a customer token in a step body does not make the batch someone else', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await preparingOrder(t.app, cast);
    const response = await driverCall(t.app, 'driver-actions', driver, {
      actions: [{ key: randomUUID(), call: 'accept-to-deliver', body: { unique_order_id: order.unique_order_id, token: cast.customer.token } }],
    });
    const [result] = response.json<DriverActionResults>().results;
    expect(result?.status).toBe(200);
    const [step] = (await historyOf(t.db, order.id)).filter((entry) => entry.actor === 'driver');
    expect(step?.actor_user_id).toBe(driver.id);
  });
});
