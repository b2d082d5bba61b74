/**
 * Puts the server in the state where another copy of an action is still
 * running: its Idempotency-Key is reserved, as the server's own plugin does
 * on arrival, with no answer stored yet, by a holder whose lease is current
 * (another process that is alive).
 */
import { IDEMPOTENCY_LEASE_MS, requestHashOf } from '../../server/http/idempotency.ts';
import type { TestServer } from './test-server.ts';

export async function holdIdempotencyKey(
  server: TestServer,
  action: { call: string; key: string; body: unknown; caller?: string },
): Promise<void> {
  const scope = `${action.caller ?? 'anonymous'} POST /public/api/${action.call}`;
  const lease = { owner: 'another-live-process', until: new Date(Date.now() + IDEMPOTENCY_LEASE_MS).toISOString() };
  await server.app.idempotencyRepository.reserve({ scope, key: action.key }, requestHashOf(action.body), lease);
}
