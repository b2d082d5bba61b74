/**
 * The Redis server tests share, when TEST_REDIS_URL points at one (e.g.
 * redis://127.0.0.1:6379; .ci/run starts it). Each test run gets its own key
 * prefix, so runs side by side, and their leftovers, never meet;
 * dropKeys() removes the run's keys.
 *
 *   describe.runIf(testRedisUrl())('...', () => { const redis = testRedis(); ... })
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export function testRedisUrl(): string | undefined {
  return process.env.TEST_REDIS_URL || undefined;
}

export interface TestRedis {
  url: string;
  /** e.g. 'foodpilot-test-1a2b3c4d5e6f:'; pass it as REDIS_KEY_PREFIX. */
  keyPrefix: string;
  /** Removes every key under keyPrefix. */
  dropKeys(): Promise<void>;
}

export function testRedis(): TestRedis {
  const url = testRedisUrl();
  if (!url) throw new Error('TEST_REDIS_URL is not set: no Redis to test with');
  const keyPrefix = `foodpilot-test-${randomBytes(6).toString('hex')}:`;
  return {
    url,
    keyPrefix,
    async dropKeys() {
      const client = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
          if (keys.length > 0) await client.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        client.disconnect();
      }
    },
  };
}
