/**
 * The shape most catalogue screens share: a list of rows with a search, an
 * "Add" button, a row's "Edit" opening its form beside the list (below it on
 * a narrow screen), and "Delete" asking first. Each screen brings its rows,
 * its form and its delete call; this holds which row is open and the words.
 */
import { useState, type ReactNode } from 'react';
import { useT } from '../../base/settings-and-language.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { ConsoleResult } from './admin-api.ts';
import { useAnnounce } from './console-toast.tsx';
import { matchesSearch, SearchBox } from './console-ui.tsx';
import { useFailureText } from './use-console-query.ts';

interface CrudListProps<T extends { id: number }> {
  title: string;
  items: readonly T[];
  /** The row's name: searched, and said in the delete question. */
  nameOf(item: T): string;
  /** More text the search looks in (a slug, a code). */
  searchText?(item: T): string;
  row(item: T): ReactNode;
  /** The form for a row, or for a new one (null); `close` after a save or a cancel. */
  form(item: T | null, close: () => void): ReactNode;
  remove?(item: T): Promise<ConsoleResult<unknown>>;
  /** After a delete went through. */
  onRemoved?(): void;
  addLabel: string;
  emptyText: string;
  testId: string;
}

export function CrudList<T extends { id: number }>(props: CrudListProps<T>) {
  const t = useT();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const [open, setOpen] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const close = () => setOpen(null);
  const visible = props.items.filter((item) => matchesSearch(search, props.nameOf(item), props.searchText?.(item)));

  const remove = async (item: T) => {
    if (!props.remove) return;
    setBusy(true);
    setProblem(null);
    const result = await props.remove(item);
    setBusy(false);
    setDeleting(null);
    if (!result.ok) return setProblem(failureText(result));
    if (open !== 'new' && open?.id === item.id) close();
    announce(t('consoleDeleted'));
    props.onRemoved?.();
  };

  return (
    <section className="console-crud" aria-label={props.title} data-testid={props.testId}>
      <div className="console-toolbar">
        <h2>{props.title}</h2>
        <SearchBox label={t('consoleSearchIn', { list: props.title })} value={search} onChange={setSearch} />
        <button type="button" className="button button-primary" onClick={() => setOpen('new')}>
          {props.addLabel}
        </button>
      </div>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="console-columns">
        <ul className="console-list">
          {visible.length === 0 && <li className="console-card">{props.items.length === 0 ? props.emptyText : t('consoleNoMatches')}</li>}
          {visible.map((item) => (
            <li key={item.id} className="console-list-row" data-selected={open !== 'new' && open?.id === item.id ? true : undefined}>
              <div className="console-list-main">{props.row(item)}</div>
              <div className="console-row-actions">
                <button type="button" className="button button-ghost" onClick={() => setOpen(item)} aria-label={t('consoleEditNamed', { name: props.nameOf(item) })}>
                  {t('consoleEdit')}
                </button>
                {props.remove && (
                  <button
                    type="button"
                    className="button button-ghost console-danger-text"
                    onClick={() => setDeleting(item)}
                    aria-label={t('consoleDeleteNamed', { name: props.nameOf(item) })}
                  >
                    {t('consoleDelete')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        {open && (
          <div className="console-crud-form" key={open === 'new' ? 'new' : open.id}>
            {props.form(open === 'new' ? null : open, close)}
          </div>
        )}
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('consoleDeleteTitle', { name: props.nameOf(deleting) })}
          confirmLabel={t('consoleDelete')}
          cancelLabel={t('consoleCancel')}
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('consoleDeleteBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The buttons at the end of a catalogue form. */
export function FormButtons({ sending, isNew, onCancel }: { sending: boolean; isNew: boolean; onCancel(): void }) {
  const t = useT();
  return (
    <div className="console-form-actions">
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? t('consoleSaving') : isNew ? t('consoleCreate') : t('consoleSave')}
      </button>
      <button type="button" className="button button-ghost" onClick={onCancel}>
        {t('consoleCancel')}
      </button>
    </div>
  );
}
