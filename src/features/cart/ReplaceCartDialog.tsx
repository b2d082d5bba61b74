/** One store per cart: "Start a new cart?" naming the cart's store and the new one. */
import { useT } from '../../base/settings-and-language.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { ReplaceQuestion } from './use-add-to-cart.ts';

export function ReplaceCartDialog({ question, busy, onConfirm, onCancel }: { question: ReplaceQuestion; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('cartReplaceTitle')}
      confirmLabel={t('cartReplaceConfirm')}
      cancelLabel={t('cartReplaceKeep')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('cartReplaceBody', { cartStore: question.cartStore.name, newStore: question.newStore.name })}</p>
    </ConfirmDialog>
  );
}
