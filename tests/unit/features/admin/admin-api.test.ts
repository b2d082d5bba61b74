/**
 * The console's client answers the same failure as the sync worker
 * (issue 16.2): a refusal with the server's code and details, no answer as
 * offline or a time-out, a gateway's page as offline, and the words come
 * from the one failure-text table.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callConsole, CONSOLE_CALL_TIMEOUT_MS } from '../../../../src/features/admin/admin-api.ts';
import { failureTextKey } from '../../../../src/lib/failure-text.ts';

function answering(status: number, body: string, contentType = 'application/json'): typeof fetch {
  return vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('callConsole', () => {
  it('answers the value of a 2xx', async () => {
    const result = await callConsole('get-settings', {}, { fetch: answering(200, '{"settings":{}}') });
    expect(result).toEqual({ ok: true, value: { settings: {} } });
  });

  it("keeps the server's code, words and field details of a refusal", async () => {
    const body = JSON.stringify({ message: 'Check the form.', code: 'VALIDATION_FAILED', details: [{ path: '/name', message: 'is required' }] });
    const result = await callConsole('admin/create-language', { name: '', code: 'xx' } as never, { fetch: answering(400, body) });
    expect(result).toEqual({ ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: 'Check the form.', details: [{ path: '/name', message: 'is required' }] });
    expect(!result.ok && failureTextKey(result)).toBe('errorValidationFailed');
  });

  it("says offline for a gateway's page and for no answer, and a server failure in general words", async () => {
    expect(await callConsole('get-settings', {}, { fetch: answering(502, '<html>Bad gateway</html>', 'text/html') })).toEqual({ ok: false, reason: 'offline' });
    const unreachable = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await callConsole('get-settings', {}, { fetch: unreachable })).toEqual({ ok: false, reason: 'offline' });
    const crashed = await callConsole('get-settings', {}, { fetch: answering(500, JSON.stringify({ message: 'Something went wrong', code: 'INTERNAL' })) });
    expect(crashed).toMatchObject({ ok: false, reason: 'server', status: 500 });
    expect(!crashed.ok && failureTextKey(crashed)).toBe('errorInternal');
    expect(failureTextKey({ ok: false, reason: 'offline' }, { offline: 'consoleOffline' })).toBe('consoleOffline');
  });

  it('says a call that never answers timed out', async () => {
    vi.useFakeTimers();
    const hanging: typeof fetch = vi.fn(
      (_input, init) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = callConsole('get-settings', {}, { fetch: hanging });
    await vi.advanceTimersByTimeAsync(CONSOLE_CALL_TIMEOUT_MS);
    expect(await pending).toEqual({ ok: false, reason: 'timeout' });
  });
});
