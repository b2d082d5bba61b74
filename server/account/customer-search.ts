/**
 * How a call-centre agent finds the customer on the line: by the phone
 * number they read out (in any format: spaces, brackets, dashes, with or
 * without the country code), by name or by e-mail. Only customers, never
 * staff, and never a deleted account. Exact phone and e-mail matches come
 * first, then the rest by name.
 */
import type { FastifyInstance } from 'fastify';
import type { CustomerMatch } from '../../src/api/account/entities.ts';

export const CUSTOMER_SEARCH_LIMIT = 20;
/** Fewer digits than this in a query are not a phone number worth matching inside others. */
const PHONE_DIGITS_MIN = 4;

/** `%`, `_` and the escape itself match literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function searchCustomers(app: FastifyInstance, query: string): Promise<CustomerMatch[]> {
  const text = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const digits = text.replace(/\D/g, '');
  const looksLikePhone = digits.length >= PHONE_DIGITS_MIN && /^[+\d\s().-]+$/.test(text);
  if (text.length < 2) return [];

  const rows = await app.usersRepository.customersMatching(looksLikePhone, likePattern(looksLikePhone ? digits : text), CUSTOMER_SEARCH_LIMIT * 5);

  const exact = (row: (typeof rows)[number]) =>
    (looksLikePhone && (row.phone ?? '').replace(/\D/g, '').endsWith(digits)) || row.email.toLowerCase() === text || row.name.toLowerCase() === text;
  return rows
    .map((row, index) => ({ row, index, rank: exact(row) ? 0 : 1 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, CUSTOMER_SEARCH_LIMIT)
    .map(({ row }) => ({
      id: Number(row.id),
      name: row.name,
      phone: row.phone,
      email: row.email,
      address_count: Number(row.address_count ?? 0),
    }));
}
