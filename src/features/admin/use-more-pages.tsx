/**
 * "Load more" under a console list: the pages loaded after the first one
 * (which the section's query holds), for one set of filters. A new search or
 * filter (another key) starts again from its first page; a page that could
 * not load leaves what was shown and says why beside the button.
 */
import { useState } from 'react';
import { useT } from '../../base/settings-and-language.tsx';

/** One more page, or why it did not come. */
export type PageOutcome<Row> = { rows: Row[]; next: number | null } | { error: string };

export interface MorePages<Row> {
  /** Rows loaded after the first page, for the current filters. */
  rows: Row[];
  error: string | null;
  /** The cursor of the page after what is shown: the first page's until more was loaded. */
  nextAfter(firstPageNext: number | null): number | null;
  load(cursor: number): Promise<void>;
}

export function useMorePages<Row>(key: string, fetchPage: (cursor: number) => Promise<PageOutcome<Row>>): MorePages<Row> {
  const [loaded, setLoaded] = useState<{ key: string; rows: Row[]; next: number | null; error: string | null } | null>(null);
  const current = loaded?.key === key ? loaded : null;
  const rows = current?.rows ?? [];
  return {
    rows,
    error: current?.error ?? null,
    nextAfter: (firstPageNext) => (current ? current.next : firstPageNext),
    async load(cursor) {
      const outcome = await fetchPage(cursor);
      if ('error' in outcome) setLoaded({ key, rows, next: cursor, error: outcome.error });
      else setLoaded({ key, rows: [...rows, ...outcome.rows], next: outcome.next, error: null });
    },
  };
}

/** Why the last page did not load, and the button for the next one while there is one. */
export function LoadMore({ pages, next }: { pages: MorePages<unknown>; next: number | null }) {
  const t = useT();
  return (
    <>
      {pages.error && (
        <p className="form-alert" role="alert">
          {pages.error}
        </p>
      )}
      {next !== null && (
        <button type="button" className="button button-ghost" onClick={() => void pages.load(next)}>
          {t('consoleLoadMore')}
        </button>
      )}
    </>
  );
}
