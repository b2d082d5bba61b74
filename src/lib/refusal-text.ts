/**
 * A checkout failure in words: the server's code through the one code → text
 * table, with the numbers its details give (the minimum order, the delivery
 * radius) and the names of the lines it could not sell. Offline, placing an
 * order says so in its own words: nothing was sent, nothing was lost.
 */
import type { CheckoutFailure } from '../api/checkout/worker-api.ts';
import { failureDetails } from '../api/sync-result.ts';
import type { TextKey } from '../api/language/texts.ts';
import type { Translate } from '../api/language/format-text.ts';
import { failureTextKey } from './failure-text.ts';

export interface RefusalContext {
  t: Translate;
  money(minorUnits: number): string;
  /** The cart's lines by the index they were sent at, to name the unavailable ones. */
  lineNames?: readonly string[];
  /** A fallback minimum when a refusal came without its detail. */
  minimum?: number | null;
  /** The words for 'offline' here (placing an order, paying, cancelling). */
  offlineKey?: TextKey;
  /** The words for a time-out here; offlineKey's when not given. */
  timeoutKey?: TextKey;
  /** The total shown now, for PRICE_CHANGED when its detail is missing. */
  total?: number | null;
}

function detail(failure: CheckoutFailure, path: string): string | undefined {
  return failureDetails(failure).find((candidate) => candidate.path === path)?.message;
}

/** The names of the lines ITEMS_UNAVAILABLE names (/items/<index>). */
export function unavailableNames(failure: CheckoutFailure, lineNames: readonly string[]): string[] {
  return failureDetails(failure)
    .map((candidate) => /^\/items\/(\d+)$/.exec(candidate.path))
    .flatMap((match) => (match ? [lineNames[Number(match[1])]] : []))
    .filter((name): name is string => typeof name === 'string');
}

export function refusalText(failure: CheckoutFailure, context: RefusalContext): string {
  const { t, money } = context;
  if (failure.reason === 'offline' && context.offlineKey) return t(context.offlineKey);
  const timeoutKey = context.timeoutKey ?? context.offlineKey;
  if (failure.reason === 'timeout' && timeoutKey) return t(timeoutKey);
  const priceChanged = 'code' in failure && failure.code === 'PRICE_CHANGED';
  const amount = priceChanged ? (detail(failure, '/total') ?? context.total) : (detail(failure, '/subtotal') ?? context.minimum);
  const words = t(failureTextKey(failure), {
    amount: money(Number(amount ?? 0)),
    km: detail(failure, '/address') ?? '',
  });
  if (!('code' in failure) || failure.code !== 'ITEMS_UNAVAILABLE') return words;
  const names = unavailableNames(failure, context.lineNames ?? []);
  return names.length > 0 ? `${words} ${t('checkoutUnavailableLines', { names: names.join(', ') })}` : words;
}
