import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type * as FirstScreenModule from '../../../src/lib/first-screen.ts';

let firstScreen: typeof FirstScreenModule;

beforeEach(async () => {
  // The moment is once per page: each test gets a fresh page's module.
  vi.resetModules();
  firstScreen = await import('../../../src/lib/first-screen.ts');
});

function Gate({ children }: { children?: ReactNode }) {
  firstScreen.useBootGatePassed();
  return <>{children}</>;
}

function Fallback() {
  firstScreen.useScreenStillLoading();
  return <p>loading…</p>;
}

async function isShown(): Promise<boolean> {
  return Promise.race([firstScreen.firstScreenShown.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 20))]);
}

describe('the first screen shown', () => {
  it('waits, past the boot gate, for the screen whose code is still loading', async () => {
    const view = render(
      <Gate>
        <Fallback />
      </Gate>,
    );
    expect(await isShown()).toBe(false);
    view.rerender(<Gate>the login screen</Gate>);
    expect(await isShown()).toBe(true);
  });

  it("is not the boot's own fallback going away: the gate has to let the app through", async () => {
    const view = render(<Fallback />);
    view.unmount();
    expect(await isShown()).toBe(false);
    render(<Gate>the home</Gate>);
    expect(await isShown()).toBe(true);
  });

  it("is not one fallback taking another's place: a screen whose code came, waiting for its data", async () => {
    function ScreenWaitingForData() {
      firstScreen.useScreenStillLoading();
      return <p>the store is coming…</p>;
    }
    const view = render(
      <Gate>
        <Fallback />
      </Gate>,
    );
    view.rerender(
      <Gate>
        <ScreenWaitingForData />
      </Gate>,
    );
    expect(await isShown()).toBe(false);
    view.rerender(<Gate>the store's page</Gate>);
    expect(await isShown()).toBe(true);
  });
});
