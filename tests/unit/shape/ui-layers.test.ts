// @vitest-environment node
/**
 * The UI's layers (issue 31): lib/ at the bottom, then base/ (services,
 * settings, words, replica hooks), ui/, features/, and the app shell on top.
 * Lint refuses an import that runs back up, so the shell stays a shell.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function refusals(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(`${importLine}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('the UI imports only downward', () => {
  it('refuses the app shell to features, ui, base and lib', async () => {
    expect(await refusals('src/features/home/Example.tsx', "import { value } from '../../app/AppRoutes.tsx';")).toEqual([
      expect.stringContaining('features/ lives inside the app shell'),
    ]);
    expect(await refusals('src/ui/Example.tsx', "import { value } from '../app/boot.tsx';")).toHaveLength(1);
    expect(await refusals('src/base/Example.tsx', "import { value } from '../app/boot.tsx';")).toHaveLength(1);
    expect(await refusals('src/lib/example.ts', "import { value } from '../app/boot.tsx';")).toHaveLength(1);
  });

  it('refuses features to ui and base, and everything above it to lib', async () => {
    expect(await refusals('src/ui/Example.tsx', "import { value } from '../features/cart/use-cart.ts';")).toEqual([
      expect.stringContaining('ui/ is shared by every feature'),
    ]);
    expect(await refusals('src/base/Example.tsx', "import { value } from '../features/home/home-snapshot.ts';")).toHaveLength(1);
    expect(await refusals('src/base/Example.tsx', "import { value } from '../ui/Spinner.tsx';")).toHaveLength(1);
    expect(await refusals('src/lib/example.ts', "import { value } from '../base/services.tsx';")).toHaveLength(1);
  });

  it('allows each layer what lies below it', async () => {
    expect(await refusals('src/features/home/Example.tsx', "import { value } from '../../base/services.tsx';")).toEqual([]);
    expect(await refusals('src/ui/Example.tsx', "import { value } from '../base/settings-and-language.tsx';")).toEqual([]);
    expect(await refusals('src/base/Example.tsx', "import type { value } from '../features/home/home-snapshot.ts';")).toEqual([]);
    expect(await refusals('src/app/Example.tsx', "import { value } from '../features/home/MobileHome.tsx';")).toEqual([]);
  });
}, 60_000);
