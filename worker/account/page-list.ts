/** The content pages' names and slugs (get-pages), for the links on the account page. */
import type { SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey } from '../../src/db/schema.ts';
import type { PageList } from '../../src/db/session.ts';
import type { SyncContext } from '../replica/context.ts';
import { writePref } from '../replica/prefs.ts';

export async function refreshPageList(ctx: SyncContext): Promise<SyncResult> {
  const result = await ctx.api.call('get-pages', {});
  if (!result.ok) return result;
  const list: PageList = { pages: result.value, fetchedAt: ctx.now() };
  await writePref(ctx.db, PrefKey.pageList, list);
  return { ok: true };
}
