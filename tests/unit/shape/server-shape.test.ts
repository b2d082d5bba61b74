// @vitest-environment node
/**
 * The server's guards (issue 31): it shares only the contract (src/api/)
 * with the app, the worker and the service worker, and its call handlers
 * check no role of their own (the call table's access is checked once).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function refusals(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(`${importLine}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
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
}, 60_000);
