/**
 * The contract table drives the routes: every call is registered at its path
 * (with :params where it has them) and described in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, callRoute, type CallName } from '../../src/api/calls.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { calls } from '../../src/api/all-calls.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

describe('contract routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('callPath fills and encodes path parameters; plain calls keep their name', () => {
    expect(callRoute('get-settings')).toBe('get-settings');
    expect(callRoute('get-restaurant-info')).toBe('get-restaurant-info/:slug');
    expect(callPath('get-restaurant-info', { slug: 'a-b' })).toBe('get-restaurant-info/a-b');
    expect(callPath('get-restaurant-items', { id: '12' })).toBe('get-restaurant-items/12');
    expect(() => callPath('get-restaurant-items')).toThrow(/id/);
  });

  it('the OpenAPI document has every call, path parameters included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, { post?: { operationId?: string; parameters?: { name: string; in: string }[] } }> }>();
    for (const name of Object.keys(calls) as CallName[]) {
      const path = `${API_PREFIX}/${callRoute(name).replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      expect(document.paths[path]?.post?.operationId, path).toBe(name);
    }
    const info = document.paths[`${API_PREFIX}/get-restaurant-info/{slug}`]?.post;
    expect(info?.parameters).toContainEqual(expect.objectContaining({ name: 'slug', in: 'path' }));
  });

  it('GET /health answers ok without the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
