/**
 * What sending outbox rows needs: the replica, the effects that settle them,
 * the network and the clock. A pass over the outbox (drain.ts) and a batch of
 * a driver's steps within it (batch.ts) both take it; it lives apart from both
 * so that the batch does not import the pass that calls it.
 */
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import type { HttpSend } from '../net/http.ts';
import type { OutboxEffects } from './effects.ts';

export interface DrainDeps {
  db: ReplicaDatabase;
  effects: OutboxEffects;
  send: HttpSend;
  now(): number;
}
