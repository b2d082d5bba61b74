/**
 * One budget for every message a caller can make the server send (issue 13):
 * the one-time codes by SMS (generate-otp-for-login, send-otp) and by e-mail
 * (send-password-reset-mail). Each such call spends from two allowances kept
 * in the database (so they hold across restarts and server processes):
 *
 * - per recipient (the phone or e-mail address it names), PER_RECIPIENT
 *   calls within RECIPIENT_WINDOW, whoever asks and from wherever: nobody can
 *   flood a phone or an inbox;
 * - per caller address (an IPv6 /64), PER_IP calls within IP_WINDOW, whatever
 *   the recipient: nobody can spray numbers, or probe which ones have an
 *   account, from one place.
 *
 * A call spends whether or not a message goes out (an unknown e-mail gets no
 * mail, a staff phone no code), so the answers, 429s included, are the same
 * either way. Over either allowance: 429 RATE_LIMITED saying in words when
 * to try again, with a Retry-After header.
 *
 * Push messages are not in it: they follow the user's own alerts, which no
 * caller can ask for.
 */
import type { FastifyInstance } from 'fastify';
import { ipKey, RetryLaterError, whenInWords } from '../account/sign-in-guard.ts';

export const MESSAGE_LIMITS = {
  perRecipient: 5,
  recipientWindowMs: 15 * 60 * 1000,
  perIp: 20,
  ipWindowMs: 60 * 60 * 1000,
} as const;

const RETENTION_MS = Math.max(MESSAGE_LIMITS.recipientWindowMs, MESSAGE_LIMITS.ipWindowMs);
const PRUNE_EVERY_MS = 60 * 1000;

export function createMessageBudget(app: FastifyInstance, clock: () => Date = () => new Date()) {
  const budget = app.messagingRepository;
  let prunedAt = 0;

  async function times(column: 'recipient' | 'ip_key', key: string, since: number): Promise<string[]> {
    return budget.budgetSpentSince(column, key, new Date(since).toISOString());
  }

  /** When the allowance has room again: once the oldest of the calls that fill it leaves the window. */
  function roomAt(spent: string[], limit: number, windowMs: number, now: Date): Date {
    const oldest = spent[spent.length - 1 - limit] ?? now.toISOString();
    return new Date(Date.parse(oldest) + windowMs);
  }

  return {
    /**
     * Spends one message to `recipient` asked for from `ip`, or throws 429
     * RATE_LIMITED (and spends nothing) when either allowance is used up.
     * Written first and counted after, so parallel calls cannot overspend.
     */
    async spend(recipient: string, ip: string | undefined): Promise<void> {
      const now = clock();
      const address = ipKey(ip);
      if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        await budget.pruneBudget(new Date(now.getTime() - RETENTION_MS).toISOString());
      }
      const id = await budget.spendBudget(recipient, address, now.toISOString());
      const [toRecipient, fromIp] = await Promise.all([
        times('recipient', recipient, now.getTime() - MESSAGE_LIMITS.recipientWindowMs),
        times('ip_key', address, now.getTime() - MESSAGE_LIMITS.ipWindowMs),
      ]);
      let refusal: RetryLaterError | undefined;
      if (fromIp.length > MESSAGE_LIMITS.perIp) {
        const at = roomAt(fromIp, MESSAGE_LIMITS.perIp, MESSAGE_LIMITS.ipWindowMs, now);
        refusal = new RetryLaterError(
          'RATE_LIMITED',
          `Too many codes were asked for from this network. Try again ${whenInWords(at, now)}.`,
          Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)),
        );
      } else if (toRecipient.length > MESSAGE_LIMITS.perRecipient) {
        const at = roomAt(toRecipient, MESSAGE_LIMITS.perRecipient, MESSAGE_LIMITS.recipientWindowMs, now);
        refusal = new RetryLaterError(
          'RATE_LIMITED',
          `Too many codes were sent to this phone number or address. The next one can be sent ${whenInWords(at, now)}.`,
          Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)),
        );
      }
      if (refusal) {
        await budget.refundBudget(id);
        throw refusal;
      }
    },
  };
}

export type MessageBudget = ReturnType<typeof createMessageBudget>;
