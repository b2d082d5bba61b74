/** Small pieces every console section uses: its heading, the states of a read, a search box, a yes/no mark, a table. */
import type { ReactNode } from 'react';
import { useT } from '../../base/settings-and-language.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { QueryState } from './use-console-query.ts';
import { useFailureText } from './use-console-query.ts';

export function SectionHeader({ title, children, intro }: { title: string; children?: ReactNode; intro?: string }) {
  return (
    <header className="console-section-header">
      <div>
        <h1>{title}</h1>
        {intro && <p className="form-hint">{intro}</p>}
      </div>
      {children && <div className="console-section-actions">{children}</div>}
    </header>
  );
}

/** Shows a read's data, or its spinner, or its failure with a way to try again. */
export function QueryView<T>({ state, reload, children }: { state: QueryState<T>; reload(): void; children(data: T): ReactNode }) {
  const t = useT();
  const failureText = useFailureText();
  if (state.status === 'loading') {
    return (
      <div className="console-loading">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="console-card console-failed" role="alert">
        <p>{failureText(state.error)}</p>
        <button type="button" className="button button-ghost" onClick={reload}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}

export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return (
    <input
      type="search"
      className="text-field console-search"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A short state word in a coloured pill (active, banned, primary…); colour is never the only sign. */
export function Pill({ tone, children }: { tone: 'good' | 'bad' | 'neutral' | 'brand'; children: ReactNode }) {
  return <span className={`console-pill console-pill-${tone}`}>{children}</span>;
}

/** Case- and accent-blind "contains", for the client-side search of short lists. */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = fold(query.trim());
  if (!needle) return true;
  return texts.some((text) => text && fold(text).includes(needle));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface ConsoleTableProps {
  /** Read by screen readers as the table's name. */
  caption: string;
  testId: string;
  headings: readonly string[];
  /** Said in one full-width row when there are no rows; null while there are. */
  empty?: string | null;
  children: ReactNode;
}

/** A console list as a table: its caption, column headings, the rows given, and a row that says when there are none. */
export function ConsoleTable({ caption, testId, headings, empty = null, children }: ConsoleTableProps) {
  return (
    <div className="console-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="console-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null && (
            <tr>
              <td colSpan={headings.length}>{empty}</td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
