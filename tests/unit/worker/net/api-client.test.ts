// @vitest-environment node
/**
 * The retry policy and the failure codes, over a scripted transport: the
 * real server never answers 5xx on purpose, and these rules are about status
 * codes alone. Everything that needs real answers runs against the server in
 * boot.test.ts and offline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../worker/net/api-client.ts';
import { failureFromAnswer } from '../../../../src/api/sync-result.ts';
import type { HttpOutcome, HttpRequest } from '../../../../worker/net/http.ts';

function scripted(outcomes: HttpOutcome[]) {
  const sent: HttpRequest[] = [];
  const send = async (request: HttpRequest): Promise<HttpOutcome> => {
    sent.push(request);
    const next = outcomes.shift();
    if (!next) throw new Error('the script ran out of answers');
    return next;
  };
  return { sent, client: createApiClient({ send, retries: 2, retryBaseMs: 1 }) };
}

const answer = (status: number, body: unknown): HttpOutcome => ({ kind: 'answer', status, body, isJson: true });
const LANGUAGES = [{ id: 1, language_name: 'English', code: 'en', dir: 'ltr', is_default: true }];

describe('retries', () => {
  it('tries a 5xx twice more, with backoff, and takes the answer that comes', async () => {
    const { sent, client } = scripted([answer(503, { message: 'busy', code: 'INTERNAL' }), answer(502, null), answer(200, LANGUAGES)]);
    expect(await client.call('get-all-languages', {})).toEqual({ ok: true, value: LANGUAGES });
    expect(sent).toHaveLength(3);
  });

  it('gives up after the retries with the last server failure', async () => {
    const { sent, client } = scripted([answer(500, null), answer(500, null), answer(500, { message: 'Internal error', code: 'INTERNAL' })]);
    expect(await client.call('get-all-languages', {})).toEqual({ ok: false, reason: 'server', status: 500, message: 'Internal error' });
    expect(sent).toHaveLength(3);
  });

  it('does not retry a 4xx or a dead network', async () => {
    const notFound = scripted([answer(404, { message: 'There is no language with id 9.', code: 'NOT_FOUND' })]);
    expect(await notFound.client.call('get-single-language', { id: 9 })).toEqual({
      ok: false, reason: 'invalid', code: 'NOT_FOUND', message: 'There is no language with id 9.',
    });
    expect(notFound.sent).toHaveLength(1);

    const offline = scripted([{ kind: 'offline' }]);
    expect(await offline.client.getVersion()).toEqual({ ok: false, reason: 'offline' });
    expect(offline.sent).toEqual([{ method: 'GET', path: '/version.json', cache: 'no-store' }]);
  });
});

describe('failure codes', () => {
  it('name what the server said', () => {
    expect(failureFromAnswer(401, { message: 'Sign in again.', code: 'UNAUTHORIZED' })).toEqual({
      ok: false, reason: 'unauthorized', code: 'UNAUTHORIZED', message: 'Sign in again.',
    });
    expect(failureFromAnswer(403, 'Forbidden')).toMatchObject({ reason: 'unauthorized', code: 'FORBIDDEN' });
    expect(failureFromAnswer(409, { message: 'Already picked up.', code: 'CONFLICT' })).toMatchObject({ reason: 'conflict', message: 'Already picked up.' });
    expect(failureFromAnswer(422, { message: 'Key reused.', code: 'IDEMPOTENCY_KEY_REUSED' })).toMatchObject({ reason: 'invalid', code: 'IDEMPOTENCY_KEY_REUSED' });
    // A refusal keeps the server's details, the well-formed ones.
    expect(failureFromAnswer(400, { message: 'Check the form.', code: 'VALIDATION_FAILED', details: [{ path: '/name', message: 'is required' }, { path: 3 }] })).toEqual({
      ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: 'Check the form.', details: [{ path: '/name', message: 'is required' }],
    });
    expect(failureFromAnswer(504, '<html>gateway</html>')).toEqual({ ok: false, reason: 'server', status: 504, message: 'The server answered 504.' });
  });

  it('call an answer that is not the contract a bad response, even with a 200', async () => {
    const { client } = scripted([{ kind: 'answer', status: 200, body: '<!doctype html>', isJson: false }]);
    expect(await client.call('get-settings', {})).toMatchObject({ ok: false, reason: 'bad-response' });
  });
});

describe('path parameters', () => {
  it('fill the route and are encoded; calls without any keep their name as the path', async () => {
    const menu = { recommended: [], categories: [] };
    const { sent, client } = scripted([answer(200, menu), answer(400, { message: 'Bad slug.', code: 'VALIDATION_FAILED' }), answer(200, 'Market Square, Riverton')]);
    expect(await client.call('get-restaurant-items', {}, { id: '12' })).toEqual({ ok: true, value: menu });
    await client.call('get-restaurant-info', {}, { slug: 'a b/c' });
    await client.call('coordinate-to-address', { lat: 1, lng: 2 });
    expect(sent.map((request) => request.path)).toEqual([
      '/public/api/get-restaurant-items/12',
      '/public/api/get-restaurant-info/a%20b%2Fc',
      '/public/api/coordinate-to-address',
    ]);
  });

  it('a missing parameter is an invalid result, never a throw, and sends nothing', async () => {
    const { sent, client } = scripted([]);
    const params = {} as { slug: string };
    expect(await client.call('get-restaurant-info', {}, params)).toMatchObject({ ok: false, reason: 'invalid', code: 'BAD_REQUEST' });
    expect(sent).toHaveLength(0);
  });
});
