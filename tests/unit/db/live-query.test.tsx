/**
 * src/db/live-query.ts: the replica's rows, followed as they change, each new
 * result rendered as a transition.
 */
import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLiveQuery } from '../../../src/db/live-query.ts';
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
