/**
 * The item sheet's order part: the add-on groups by their rules, the
 * quantity, the line's price as it changes, and "Add to cart" (disabled, with
 * the reason, while the dish or the store cannot be ordered). A broken rule
 * is said under its group when the customer tries to add, and focus moves
 * to that group.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { addonChoiceProblems, chosenAddons, unitPriceOf, type AddonChoiceProblem } from '../../api/cart/rules.ts';
import { MAX_LINE_QUANTITY } from '../../api/orders/limits.ts';
import type { MenuItemRow, StoreRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useReplica } from '../../base/services.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { AddonGroupField } from './AddonGroupField.tsx';
import { addonProblemText } from './addon-text.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import { ReplaceCartDialog } from './ReplaceCartDialog.tsx';
import { useAddToCart, type Added } from './use-add-to-cart.ts';
import './cart.css';

interface ItemCartFormProps {
  item: MenuItemRow;
  storeId: number;
  /** The line is in the cart (the sheet closes). */
  onAdded(added: Added): void;
}

export function ItemCartForm({ item, storeId, onAdded }: ItemCartFormProps) {
  const t = useT();
  const money = useMoney();
  const db = useReplica();
  const store = useLiveQuery(async () => (await db.stores.get(storeId)) as StoreRow | undefined, [db, storeId]);
  const [chosenByGroup, setChosenByGroup] = useState<Record<number, number[]>>({});
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const storeName = store?.name ?? '';
  const adding = useAddToCart(storeName, onAdded);

  const groups = item.addon_categories;
  const chosenIds = useMemo(() => groups.flatMap((group) => chosenByGroup[group.id] ?? []), [groups, chosenByGroup]);
  const problems = useMemo(() => addonChoiceProblems(groups, chosenIds), [groups, chosenIds]);
  const linePrice = unitPriceOf(item.price, chosenAddons(groups, chosenIds)) * quantity;

  let blocked: string | null = null;
  if (store && !store.is_active) blocked = t('cartStoreInactive', { store: storeName });
  else if (!item.is_active) blocked = t('cartItemInactive');

  const problemOf = (groupId: number): string | null => {
    if (!tried) return null;
    const problem = problems.find((candidate): candidate is Extract<AddonChoiceProblem, { groupId: number }> => 'groupId' in candidate && candidate.groupId === groupId);
    const group = groups.find((candidate) => candidate.id === groupId);
    return problem && group ? addonProblemText(problem, group.name, t) : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || adding.busy || !store) return;
    setTried(true);
    if (problems.length > 0) {
      const first = problems[0];
      const groupIndex = first && 'groupId' in first ? groups.findIndex((group) => group.id === first.groupId) : -1;
      const fieldset = formRef.current?.querySelectorAll<HTMLFieldSetElement>('fieldset.addon-group')[groupIndex];
      fieldset?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    void adding.add({ storeId, itemId: item.id, addonIds: chosenIds, quantity });
  };

  const stale = tried && problems.some((problem) => problem.kind === 'unknown-addon');
  const reasonId = `item-${item.id}-cannot-add`;
  return (
    <form ref={formRef} className="item-cart-form" onSubmit={submit} noValidate>
      {groups.map((group) => (
        <AddonGroupField
          key={group.id}
          group={group}
          chosen={chosenByGroup[group.id] ?? []}
          onChange={(chosen) => setChosenByGroup((current) => ({ ...current, [group.id]: chosen }))}
          problem={problemOf(group.id)}
        />
      ))}
      <div className="item-cart-actions">
        {blocked && (
          <p className="item-cart-blocked" id={reasonId}>
            {blocked}
          </p>
        )}
        {stale && <p className="item-cart-message">{t('addonProblemStale')}</p>}
        {adding.message && (
          <p className="item-cart-message" role="alert">
            {adding.message}
          </p>
        )}
        <QuantityStepper name={item.name} value={quantity} min={1} max={MAX_LINE_QUANTITY} cap={MAX_LINE_QUANTITY} disabled={!!blocked} onChange={setQuantity} />
        <button
          type="submit"
          className="button button-primary button-large item-cart-add"
          disabled={!!blocked || adding.busy || !store}
          aria-describedby={blocked ? reasonId : undefined}
        >
          {adding.busy ? t('addingToCart') : t('addToCartWithPrice', { price: money(linePrice) })}
        </button>
      </div>
      {adding.question && (
        <ReplaceCartDialog question={adding.question} busy={adding.busy} onConfirm={adding.confirmReplace} onCancel={adding.keepCart} />
      )}
    </form>
  );
}
