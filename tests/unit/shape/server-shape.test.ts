// @vitest-environment node
/**
 * The server's guards (issue 31): it shares only the contract (src/api/)
 * with the app, the worker and the service worker, its call handlers
 * check no role of their own (the call table's access is checked once), and
 * a domain reaches another only through what that domain offers.
 */
import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function refusals(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(`${importLine}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

async function doorRefusals(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(`${importLine}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'foodpilot/server-domain-door').map((message) => message.message);
}

/** Tracked files under `folder` with a line matching `pattern` (git grep answers 1 when there is none). */
function filesMatching(pattern: string, folder: string): string[] {
  try {
    return execFileSync('git', ['grep', '-l', '-E', pattern, '--', folder], { encoding: 'utf8' }).trim().split('\n');
  } catch (error) {
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

describe('the server', () => {
  it('imports the contract and nothing else of the other runtimes', async () => {
    expect(await refusals('server/orders/example.ts', "import { value } from '../../src/api/calls.ts';")).toEqual([]);
    for (const [file, line] of [
      ['server/orders/example.ts', "import { value } from '../../src/lib/money.ts';"],
      ['server/orders/example.ts', "import { value } from '../../src/db/schema.ts';"],
      ['server/orders/example.ts', "import { value } from '../../worker/net/http.ts';"],
      ['server/catalog/example-handlers.ts', "import { value } from '../../src/features/cart/use-cart.ts';"],
    ] as const) {
      expect(await refusals(file, line)).toEqual([expect.stringContaining('The server shares only the contract')]);
    }
  });

  it('keeps role checks out of call handlers', async () => {
    for (const [file, line] of [
      ['server/driver/example-handlers.ts', "import { requireDriver as value } from '../account/authenticate.ts';"],
      ['server/account/example-handlers.ts', "import { requireUser as value } from './authenticate.ts';"],
      ['server/admin/catalog/example-handlers.ts', "import { requireAdmin as value } from '../admin-access.ts';"],
    ] as const) {
      expect(await refusals(file, line)).toEqual([expect.stringContaining("Who may make a call is its call table's `access`")]);
    }
    expect(await refusals('server/driver/example-handlers.ts', "import { userOf as value } from '../http/caller.ts';")).toEqual([]);
  });

  it('lets a domain import another only through what that domain offers', async () => {
    for (const [file, line] of [
      ['server/orders/example.ts', "import { value } from '../catalog/stores-repository.ts';"],
      ['server/orders/example.ts', "import { value } from '../db/tables.ts';"],
      ['server/driver/example-handlers.ts', "import { value } from '../http/caller.ts';"],
      ['server/admin/example-handlers.ts', "import { value } from './orders/assign-driver.ts';"],
      ['server/admin/catalog/example.ts', "import { value } from '../../account/authenticate.ts';"],
      ['server/routes/api/example.ts', "import { value } from '../../catalog/menu-repository.ts';"],
    ] as const) {
      expect(await doorRefusals(file, line)).toEqual([]);
    }
    for (const [file, line, internal] of [
      ['server/orders/example.ts', "import { value } from '../catalog/menu-repository.ts';", 'server/catalog/menu-repository.ts'],
      ['server/driver/example-handlers.ts', "import { value } from '../admin/orders/assign-driver.ts';", 'server/admin/orders/assign-driver.ts'],
      ['server/checkout/example.ts', "import { value } from '../routes/api/handlers.ts';", 'server/routes/api/handlers.ts'],
      ['server/catalog/example.ts', "import { value } from '../app.ts';", 'server/app.ts'],
    ] as const) {
      expect(await doorRefusals(file, line)).toEqual([expect.stringContaining(`${internal} is internal to its domain`)]);
    }
  });

  it('never re-enters itself: the driver batch runs the handlers of its steps, not app.inject', () => {
    expect(filesMatching('\\.inject\\(', 'server/')).toEqual([]);
    // The check itself finds what it looks for.
    expect(filesMatching('\\.inject\\(', 'tests/support/')).not.toEqual([]);
  });
}, 60_000);
