/**
 * src/db/live-query.ts: the replica's rows, followed as they change, each new
 * result rendered as a transition.
 */
import { act, render, screen } from '@testing-library/react';
import { Suspense, use, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLiveQuery, useSharedLiveQuery } from '../../../src/db/live-query.ts';
import { ReplicaDatabase } from '../../../src/db/schema.ts';

const dbs: ReplicaDatabase[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function replica(): ReplicaDatabase {
  const db = new ReplicaDatabase(`live-query-${crypto.randomUUID()}`);
  dbs.push(db);
  return db;
}

describe('useLiveQuery', () => {
  it('shows the default, then the stored row, then each change the worker writes', async () => {
    const db = replica();
    function Colour() {
      const colour = useLiveQuery(async () => (await db.settings.get('storeColor'))?.value, [], 'none yet');
      return <p>colour: {colour ?? 'unset'}</p>;
    }
    render(<Colour />);
    expect(screen.getByText('colour: none yet')).toBeInTheDocument();
    expect(await screen.findByText('colour: unset')).toBeInTheDocument();

    await act(() => db.settings.put({ key: 'storeColor', value: '#e8501b', fetchedAt: 1 }));
    expect(await screen.findByText('colour: #e8501b')).toBeInTheDocument();
    await act(() => db.settings.put({ key: 'storeColor', value: '#1b6be8', fetchedAt: 2 }));
    expect(await screen.findByText('colour: #1b6be8')).toBeInTheDocument();
  });

  it('keeps the current screen while a new result waits for something to load, instead of the loading fallback', async () => {
    const db = replica();
    await db.settings.put({ key: 'storeName', value: 'Pilot', fetchedAt: 1 });
    let finishLoading = () => {};
    const loading = new Promise<void>((resolve) => (finishLoading = resolve));
    function StoreName() {
      const name = useLiveQuery(async () => (await db.settings.get('storeName'))?.value, []);
      // A new name whose screen needs more code: it suspends until that arrives.
      if (name === 'Pilot Two') use(loading);
      return <p>name: {name ?? '…'}</p>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <StoreName />
      </Suspense>,
    );
    expect(await screen.findByText('name: Pilot')).toBeInTheDocument();

    await act(() => db.settings.put({ key: 'storeName', value: 'Pilot Two', fetchedAt: 2 }));
    // An ordinary update would swap the screen for the fallback here.
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByText('name: Pilot')).toBeInTheDocument();

    await act(async () => finishLoading());
    expect(await screen.findByText('name: Pilot Two')).toBeInTheDocument();
  });
});

describe('useSharedLiveQuery', () => {
  /** The store's name, read by as many components as mounted, counting the reads the replica answers. */
  function storeNameReaders(db: ReplicaDatabase) {
    const reads = { count: 0 };
    function StoreName({ who }: { who: string }) {
      const name = useSharedLiveQuery(
        db,
        'setting:storeName',
        async () => {
          reads.count++;
          return (await db.settings.get('storeName'))?.value ?? 'unset';
        },
        'reading',
      );
      return <p>{`${who}: ${String(name)}`}</p>;
    }
    return { reads, StoreName };
  }

  it('reads the replica once per change for every component that shows the row, and each shows the change', async () => {
    const db = replica();
    await db.settings.put({ key: 'storeName', value: 'Pilot', fetchedAt: 1 });
    const { reads, StoreName } = storeNameReaders(db);
    render(
      <>
        <StoreName who="header" />
        <StoreName who="menu" />
        <StoreName who="footer" />
      </>,
    );
    expect(await screen.findByText('footer: Pilot')).toBeInTheDocument();
    expect(screen.getByText('header: Pilot')).toBeInTheDocument();
    expect(reads.count).toBe(1);

    await act(() => db.settings.put({ key: 'storeName', value: 'Pilot Two', fetchedAt: 2 }));
    expect(await screen.findByText('menu: Pilot Two')).toBeInTheDocument();
    expect(screen.getByText('header: Pilot Two')).toBeInTheDocument();
    expect(screen.getByText('footer: Pilot Two')).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });

  it('shows a component mounted after the answer the answer at once, never its loading state', async () => {
    const db = replica();
    await db.settings.put({ key: 'storeName', value: 'Pilot', fetchedAt: 1 });
    const { StoreName } = storeNameReaders(db);
    const shown: string[] = [];
    function Late() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <StoreName who="header" />
          <button type="button" onClick={() => setOpen(true)}>
            open
          </button>
          {open && <Recorder />}
        </>
      );
    }
    function Recorder() {
      const name = useSharedLiveQuery(db, 'setting:storeName', async () => (await db.settings.get('storeName'))?.value ?? 'unset', 'reading');
      shown.push(String(name));
      return <p>{`sheet: ${String(name)}`}</p>;
    }
    render(<Late />);
    expect(await screen.findByText('header: Pilot')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'open' }).click());
    expect(screen.getByText('sheet: Pilot')).toBeInTheDocument();
    expect(shown).not.toContain('reading');
  });

  it('reads afresh for a component mounted after every reader left and the row changed meanwhile', async () => {
    const db = replica();
    await db.settings.put({ key: 'storeName', value: 'Pilot', fetchedAt: 1 });
    const shown: string[] = [];
    function Header() {
      const name = useSharedLiveQuery(db, 'setting:storeName', async () => (await db.settings.get('storeName'))?.value ?? 'unset', 'reading');
      shown.push(String(name));
      return <p>{`header: ${String(name)}`}</p>;
    }
    const first = render(<Header />);
    expect(await screen.findByText('header: Pilot')).toBeInTheDocument();
    first.unmount();

    await db.settings.put({ key: 'storeName', value: 'Pilot Two', fetchedAt: 2 });
    shown.length = 0;
    render(<Header />);
    expect(await screen.findByText('header: Pilot Two')).toBeInTheDocument();
    // Not the answer kept from before: nobody watched the row while it changed.
    expect(shown).not.toContain('Pilot');
  });
});
