/** Content pages: the list for the account area and one page by slug for /pages/:slug. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PageSummary } from '../../../src/api/entities.ts';
import type { ApiError } from '../../../src/api/errors.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(testDatabases())('content pages on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (name: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `${API_PREFIX}/${name}`, payload });

  it('get-pages lists the seeded pages by their order, without bodies', async () => {
    const response = await call('get-pages');
    expect(response.statusCode).toBe(200);
    const pages = response.json<PageSummary[]>();
    expect(pages.map((page) => page.slug)).toEqual(['about-us', 'delivery-and-pickup', 'terms', 'privacy']);
    expect(pages[0]).not.toHaveProperty('body');
  });

  it('get-single-page answers one page with its HTML body', async () => {
    const response = await call('get-single-page', { slug: 'about-us' });
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    expect(page.name).toBe('About us');
    expect(page.body).toContain('<h2>');
    expect(Number.isNaN(Date.parse(page.updated_at))).toBe(false);
  });

  it('an unknown slug is a 404 the app can show as not found', async () => {
    const response = await call('get-single-page', { slug: 'no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('no-such-page') });
  });

  it.each([{}, { slug: '' }, { slug: '../etc/passwd' }, { slug: 'About Us' }, { slug: 'about-us', extra: 1 }])(
    'a malformed slug %j is a 400',
    async (payload) => {
      const response = await call('get-single-page', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().code).toBe('VALIDATION_FAILED');
    },
  );
});
