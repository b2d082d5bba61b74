/**
 * Refreshes of the boot resources: fetch, write the replica, stamp syncState.
 * A failure leaves the replica as it was and records why.
 */
import type { SyncResult } from '../../src/api/worker-api.ts';
import { PrefKey, SyncResource } from '../../src/db/schema.ts';
import type { ValueResult } from '../net/api-client.ts';
import type { SyncContext } from '../replica/context.ts';
import { readPref, writePref } from '../replica/prefs.ts';
import {
  replaceLanguages,
  replacePopularLocations,
  removePage,
  replaceSettings,
  writeLanguageWithData,
  writePage,
} from '../replica/writes.ts';
import { markFailed } from '../replica/sync-state.ts';

async function store<T>(
  ctx: SyncContext,
  resource: string,
  result: ValueResult<T>,
  write: (value: T, at: number) => Promise<void>,
): Promise<SyncResult> {
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, resource, result, at);
    return result;
  }
  await write(result.value, at);
  return { ok: true };
}

export async function refreshSettings(ctx: SyncContext): Promise<SyncResult> {
  const result = await ctx.api.call('get-settings', {});
  return store(ctx, SyncResource.settings, result, (settings, at) => replaceSettings(ctx.db, settings, at));
}

export async function refreshLanguages(ctx: SyncContext): Promise<SyncResult> {
  const result = await ctx.api.call('get-all-languages', {});
  return store(ctx, SyncResource.languages, result, (languages, at) => replaceLanguages(ctx.db, languages, at));
}

export async function refreshTranslations(ctx: SyncContext, languageId: number): Promise<SyncResult> {
  const result = await ctx.api.call('get-single-language', { id: languageId });
  return store(ctx, SyncResource.translations(languageId), result, (language, at) =>
    writeLanguageWithData(ctx.db, language, at),
  );
}

export async function refreshPopularLocations(ctx: SyncContext): Promise<SyncResult> {
  const result = await ctx.api.call('popular-geo-locations', {});
  return store(ctx, SyncResource.popularLocations, result, (locations, at) =>
    replacePopularLocations(ctx.db, locations, at),
  );
}

/** A page the server says is gone (404) leaves the replica too; any other failure keeps what was saved. */
export async function refreshPage(ctx: SyncContext, slug: string): Promise<SyncResult> {
  const result = await ctx.api.call('get-single-page', { slug });
  if (!result.ok && result.reason === 'invalid' && result.code === 'NOT_FOUND') await removePage(ctx.db, slug);
  return store(ctx, SyncResource.page(slug), result, (page, at) => writePage(ctx.db, page, at));
}

/**
 * The language to show: the user's choice while it still exists, else the
 * default one. Undefined only when the replica holds no languages at all.
 */
export async function resolveLanguageId(ctx: SyncContext): Promise<number | undefined> {
  const languages = await ctx.db.languages.toArray();
  const chosen = await readPref<number>(ctx.db, PrefKey.languageId);
  if (chosen !== undefined && languages.some((language) => language.id === chosen)) return chosen;
  return (languages.find((language) => language.is_default) ?? languages[0])?.id;
}

/**
 * Fetches the language in use and records it as the chosen one, so the UI
 * reads a single pref. The read and the write are one transaction: a choice
 * made meanwhile (selectLanguage, in this worker or in another tab's) is
 * either read here or written after, never overwritten by the default that
 * was resolved before it.
 */
export async function refreshChosenLanguage(ctx: SyncContext): Promise<SyncResult> {
  const { db } = ctx;
  const languageId = await db.transaction('rw', db.languages, db.prefs, async () => {
    const resolved = await resolveLanguageId(ctx);
    if (resolved !== undefined && (await readPref<number>(db, PrefKey.languageId)) !== resolved) {
      await writePref(db, PrefKey.languageId, resolved);
    }
    return resolved;
  });
  if (languageId === undefined) return { ok: true };
  return refreshTranslations(ctx, languageId);
}

/**
 * Switching language works offline too when the replica already holds that
 * language's translations; otherwise the failure goes back to the UI and the
 * choice is not stored.
 */
export async function selectLanguage(ctx: SyncContext, languageId: number): Promise<SyncResult> {
  const result = await refreshTranslations(ctx, languageId);
  if (!result.ok && !(await hasTranslations(ctx, languageId))) return result;
  await writePref(ctx.db, PrefKey.languageId, languageId);
  return { ok: true };
}

async function hasTranslations(ctx: SyncContext, languageId: number): Promise<boolean> {
  return (await ctx.db.translations.get(languageId)) !== undefined;
}
