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
    expect(await refusals('server/ordering/example.ts', "import { value } from '../../src/api/calls.ts';")).toEqual([]);
    for (const [file, line] of [
      ['server/ordering/example.ts', "import { value } from '../../src/lib/money.ts';"],
      ['server/ordering/example.ts', "import { value } from '../../src/db/schema.ts';"],
      ['server/ordering/example.ts', "import { value } from '../../worker/net/http.ts';"],
      ['server/routes/api/example-handlers.ts', "import { value } from '../../../src/features/cart/use-cart.ts';"],
    ] as const) {
      expect(await refusals(file, line)).toEqual([expect.stringContaining('The server shares only the contract')]);
    }
  });

  it('keeps role checks out of call handlers', async () => {
    expect(await refusals('server/routes/api/example-handlers.ts', "import { requireDriver as value } from '../../auth/authenticate.ts';")).toEqual([
      expect.stringContaining("Who may make a call is its call table's `access`"),
    ]);
    expect(await refusals('server/routes/api/example-handlers.ts', "import { userOf as value } from './call-access.ts';")).toEqual([]);
  });
}, 60_000);
