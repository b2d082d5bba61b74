/**
 * Batches of GPS fixes on each database (set-delivery-guy-gps-locations):
 * every fix joins the driver's track once, however often the batch is
 * replayed; the newest becomes their position unless a newer one is stored;
 * the streams of the orders they carry wake; and bad batches are a 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverFixesSaved } from '../../../src/api/driver/entities.ts';
import { DRIVER_GPS_BATCH_MAX } from '../../../src/api/driver/limits.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/api/outbox.ts';
import { orderEvents } from '../../../server/orders/order-events.ts';
import { callAs } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { createCast, type Cast, type Person } from '../orders/lifecycle-support.ts';
import { newDriver, orderTakenBy } from './driver-fixtures.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe.each(testDatabases())('batches of GPS fixes on $kind', ({ kind }) => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cast = await createCast(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sendBatch = async (driver: Person, points: unknown[], headers?: Record<string, string>) => {
    const response = await callAs(t.app, 'set-delivery-guy-gps-locations', { token: driver.token, points }, headers ? { headers } : {});
    if (response.statusCode !== 200) throw new Error(`the batch answered ${response.statusCode}: ${response.body}`);
    return { body: response.json<DriverFixesSaved>(), replayed: response.headers['idempotent-replayed'] === 'true' };
  };
  const trackOf = async (driver: Person) => {
    const rows = await t.db
      .selectFrom('driver_fixes')
      .select(['recorded_at', 'latitude', 'heading'])
      .where('driver_user_id', '=', driver.id)
      .orderBy('recorded_at')
      .execute();
    return rows.map((row) => ({ recorded_at: row.recorded_at, latitude: Number(row.latitude), heading: row.heading === null ? null : Number(row.heading) }));
  };
  const fix = (latitude: number, recordedAt: string, heading?: number | null) => ({
    latitude,
    longitude: -79.99,
    recorded_at: recordedAt,
    ...(heading === undefined ? {} : { heading }),
  });

  it('records each fix once, in any order, and makes the newest the position; a replay records nothing', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const [three, two, one] = [minutesAgo(3), minutesAgo(2), minutesAgo(1)];
    const batch = [fix(40.42, two, 180), fix(40.43, one, 90), fix(40.41, three, null), fix(40.43, one, 90)];
    const first = await sendBatch(driver, batch);
    expect(first.body).toEqual({ recorded: 3, position: { latitude: 40.43, longitude: -79.99, heading: 90, recorded_at: one } });
    expect(await trackOf(driver)).toEqual([
      { recorded_at: three, latitude: 40.41, heading: null },
      { recorded_at: two, latitude: 40.42, heading: 180 },
      { recorded_at: one, latitude: 40.43, heading: 90 },
    ]);

    // The same batch again without a key (the service worker's replay of a lost answer): nothing twice.
    expect((await sendBatch(driver, batch)).body).toEqual({ recorded: 0, position: first.body.position });
    // A time written another way is the same time.
    const sameInstant = one.replace('Z', '+00:00');
    expect((await sendBatch(driver, [fix(40.43, sameInstant, 90)])).body.recorded).toBe(0);
    expect(await trackOf(driver)).toHaveLength(3);
  });

  it('a batch replayed with its Idempotency-Key answers the first answer', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const key = randomUUID();
    const batch = [fix(40.44, minutesAgo(4)), fix(40.45, minutesAgo(3))];
    const first = await sendBatch(driver, batch, { [IDEMPOTENCY_HEADER]: key });
    const replay = await sendBatch(driver, batch, { [IDEMPOTENCY_HEADER]: key });
    expect(first).toMatchObject({ replayed: false, body: { recorded: 2 } });
    expect(replay).toEqual({ replayed: true, body: first.body });
    expect(await trackOf(driver)).toHaveLength(2);
  });

  it('a batch taken offline before a fix already stored joins the track without moving the driver back', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const fresh = await callAs(t.app, 'set-delivery-guy-gps-location', { token: driver.token, latitude: 40.46, longitude: -79.99, recorded_at: minutesAgo(1) });
    expect(fresh.json()).toMatchObject({ stored: true });
    const late = await sendBatch(driver, [fix(40.4, minutesAgo(10)), fix(40.41, minutesAgo(9))]);
    expect(late.body).toMatchObject({ recorded: 2, position: { latitude: 40.46 } });
    // The single call records into the track as well.
    expect((await trackOf(driver)).map((row) => row.latitude)).toEqual([40.4, 40.41, 40.46]);
  });

  it("wakes the streams of the orders the driver carries", async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const order = await orderTakenBy(t.app, cast, driver, 'assigned');
    const heard: string[] = [];
    const stop = orderEvents.onAnyChange((orderId, change) => {
      if (orderId === order.id) heard.push(change);
    });
    try {
      await sendBatch(driver, [fix(40.45, minutesAgo(1))]);
      // Nothing new: nobody to wake.
      await sendBatch(driver, [fix(40.44, minutesAgo(2))]);
    } finally {
      stop();
    }
    expect(heard).toEqual(['position']);
  });

  it('a bad batch is a 400 and records nothing; non-drivers get 403', async () => {
    const driver = await newDriver(t.app, t.db, [cast.store]);
    const good = fix(40.45, minutesAgo(1));
    const bad: unknown[][] = [
      [],
      Array.from({ length: DRIVER_GPS_BATCH_MAX + 1 }, (_, index) => fix(40.45, new Date(Date.now() - (index + 1) * 1000).toISOString())),
      [good, { ...good, latitude: 91 }],
      [good, { ...good, longitude: -181 }],
      [good, { ...good, heading: 361 }],
      [good, { latitude: 40.45, longitude: -79.99 }],
      [good, { ...good, recorded_at: 'just now' }],
      [good, { ...good, speed: 12 }],
      [good, { ...good, latitude: '40.45' }],
    ];
    for (const points of bad) {
      const response = await callAs(t.app, 'set-delivery-guy-gps-locations', { token: driver.token, points });
      expect(response.statusCode, JSON.stringify(points).slice(0, 200)).toBe(400);
      expect(response.json()).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    }
    const notATime = await callAs(t.app, 'set-delivery-guy-gps-locations', { token: driver.token, points: [good, { ...good, recorded_at: '2024-13-45T10:00:00Z' }] });
    expect(notATime.statusCode).toBe(400);
    expect(notATime.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: '/points/1/recorded_at' })] });
    const notABody = await callAs(t.app, 'set-delivery-guy-gps-locations', { token: driver.token, points: 'everywhere' });
    expect(notABody.statusCode).toBe(400);
    expect(await trackOf(driver)).toEqual([]);

    const customer = await callAs(t.app, 'set-delivery-guy-gps-locations', { token: cast.customer.token, points: [good] });
    expect([customer.statusCode, customer.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});
