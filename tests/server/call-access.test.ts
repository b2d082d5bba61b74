/**
 * Who may make a call is said once, in the call table, and checked once,
 * before the handler runs (issue 31): every call names an access the server
 * knows, and a server with a call that names none refuses to start (lint
 * keeps role checks out of the handlers: tests/unit/shape/server-shape.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { CALL_ACCESS } from '../../src/api/call-access.ts';
import { calls } from '../../src/api/all-calls.ts';
import type { CallDefinition } from '../../src/api/calls.ts';
import { accessOf } from '../../server/routes/api/call-access.ts';
import { buildTestApp } from '../support/test-app.ts';

describe('who may make a call', () => {
  it('is named by every call, with an access the server knows', () => {
    const unknown = Object.entries(calls as Record<string, CallDefinition>)
      .filter(([, call]) => !Object.hasOwn(CALL_ACCESS, call.access))
      .map(([name]) => name);
    expect(unknown).toEqual([]);
    expect(accessOf('get-settings', 'anyone')).toBe('anyone');
    expect(() => accessOf('get-settings', undefined)).toThrow('The call get-settings says no known access (undefined)');
    expect(() => accessOf('get-settings', 'root')).toThrow('says no known access (root)');
  });

  it('stops the server from starting when a call says none', async () => {
    const table = calls as Record<string, { access?: unknown }>;
    const call = table['admin/get-settings']!;
    const access = call.access;
    delete call.access;
    try {
      await expect(buildTestApp('sqlite', { seed: false })).rejects.toThrow('The call admin/get-settings says no known access');
    } finally {
      call.access = access;
    }
  });
});
