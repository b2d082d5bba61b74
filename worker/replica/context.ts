/** What every sync step needs, passed in so tests run the steps in Node against a real server. */
import type { ReplicaDatabase } from '../../src/db/schema.ts';
import type { ApiClient } from '../net/api-client.ts';

export interface SyncContext {
  db: ReplicaDatabase;
  api: ApiClient;
  now(): number;
}
