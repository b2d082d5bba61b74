/**
 * Credits or debits a wallet, in the currency's major units (a minus sign
 * debits), with the reason the person reads in their ledger. The server
 * refuses a debit beyond the balance (INSUFFICIENT_BALANCE, under the amount).
 */
import { useState, type FormEvent } from 'react';
import { WALLET_REASON_MAX_LENGTH } from '../../../api/admin/limits.ts';
import { useSettings, useT } from '../../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { parseMoney } from '../console-values.ts';
import { useConsoleForm } from '../use-console-form.ts';

const FIELDS = ['amount', 'reason'] as const;

export function WalletAdjustForm({ userId, onAdjusted }: { userId: number; onAdjusted(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const currency = useSettings().get('currencySymbol');
  const form = useConsoleForm(FIELDS, { codeFields: { INSUFFICIENT_BALANCE: 'amount' }, savedText: 'consoleWalletAdjusted', moneyFields: ['amount'] });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoney(amount, { signed: true });
    const problems = {
      ...(cents === undefined || cents === null || cents === 0 ? { amount: t('consoleNeedSignedAmount') } : {}),
      ...(!reason.trim() ? { reason: t('consoleReasonRequired') } : {}),
    };
    if (Object.keys(problems).length > 0 || !cents) return form.report(problems);
    const adjusted = await form.submit(() => call('admin/adjust-wallet', { user_id: userId, amount: cents, reason: reason.trim() }));
    if (!adjusted) return;
    setAmount('');
    setReason('');
    onAdjusted();
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="wallet-adjust-form">
      <h3>{t('consoleAdjustWallet')}</h3>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.field('amount')}
        label={t('consoleAdjustAmount')}
        hint={t('consoleAdjustAmountHint', { symbol: currency })}
        inputMode="decimal"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          form.clearField('amount');
        }}
      />
      <FormField
        {...form.field('reason')}
        label={t('consoleAdjustReason')}
        hint={t('consoleAdjustReasonHint')}
        maxLength={WALLET_REASON_MAX_LENGTH}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          form.clearField('reason');
        }}
      />
      <button type="submit" className="button button-primary" disabled={form.sending}>
        {form.sending ? t('consoleSaving') : t('consoleAdjustWallet')}
      </button>
    </form>
  );
}
