// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lint's messages for a file of the UI with this one import line, as if it lived at `filePath`. */
async function importProblems(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(`${importLine}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'foodpilot/feature-surface').map((message) => message.message);
}

describe('a feature uses only what another feature offers', () => {
  it("refuses another feature's internal file, statically or lazily", async () => {
    expect(await importProblems('src/features/home/Example.tsx', "import { value } from '../stores/StoreHeader.tsx';")).toEqual([
      'StoreHeader.tsx is internal to features/stores: import what it offers (FEATURE_SURFACES in eslint.config.js), or move what both need to src/ui or src/lib.',
    ]);
    expect(await importProblems('src/features/admin/orders/Example.tsx', "const value = await import('../../cart/use-cart.ts');")).toHaveLength(1);
  });

  it("allows what a feature offers, a feature's own files and the shared folders", async () => {
    expect(await importProblems('src/features/home/Example.tsx', "import { value } from '../stores/StoreCard.tsx';")).toEqual([]);
    // admin/stores/ is the console's own folder, not the stores feature.
    expect(await importProblems('src/features/admin/orders/Example.tsx', "import { value } from '../stores/StoreForm.tsx';")).toEqual([]);
    expect(await importProblems('src/features/home/Example.tsx', "import { value } from '../../ui/OfflineScreen.tsx';")).toEqual([]);
  });
}, 60_000);
