// @vitest-environment node
/**
 * Boot resolves the language to show (the user's choice, else the default)
 * and records it, while the user may be choosing one: on the desktop landing
 * its phone preview boots a second worker on the same replica, and on a slow
 * network a first visit's boot is still running when the customer picks a
 * language. The choice must survive whichever comes first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PrefKey, ReplicaDatabase, type LanguageRow } from '../../../../src/db/schema.ts';
import { refreshChosenLanguage } from '../../../../worker/boot/resources.ts';
import type { SyncContext } from '../../../../worker/replica/context.ts';
import type { ApiClient } from '../../../../worker/net/api-client.ts';

const ENGLISH = { id: 1, language_name: 'English', code: 'en', dir: 'ltr', is_default: 1, fetchedAt: 1 } as unknown as LanguageRow;
const ARABIC = { id: 2, language_name: 'العربية', code: 'ar', dir: 'rtl', is_default: 0, fetchedAt: 1 } as unknown as LanguageRow;

/** The server out of reach: the texts are not fetched, which is all this test needs of it. */
const offlineApi = { call: async () => ({ ok: false, reason: 'unreachable', message: 'offline' }) } as unknown as ApiClient;

const opened: ReplicaDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

async function twoConnections(): Promise<{ worker: ReplicaDatabase; otherTab: ReplicaDatabase }> {
  const name = `language-race-${Math.random().toString(36).slice(2)}`;
  const worker = new ReplicaDatabase(name);
  const otherTab = new ReplicaDatabase(name);
  opened.push(worker, otherTab);
  await worker.languages.bulkPut([ENGLISH, ARABIC]);
  await otherTab.open();
  return { worker, otherTab };
}

describe('the language boot records, beside a choice made meanwhile', () => {
  it('keeps a choice written by another connection between its read of the choice and its write', async () => {
    const { worker, otherTab } = await twoConnections();
    // The first time boot reads the choice (none yet: the default), the customer picks Arabic elsewhere.
    const read = worker.prefs.get.bind(worker.prefs);
    let chosen: Promise<unknown> | undefined;
    worker.prefs.get = ((key: string) => {
      const answer = read(key);
      chosen ??= otherTab.prefs.put({ key: PrefKey.languageId, value: ARABIC.id });
      return answer;
    }) as typeof worker.prefs.get;

    await refreshChosenLanguage({ db: worker, api: offlineApi, now: () => 0 } satisfies SyncContext);
    await chosen;
    expect((await otherTab.prefs.get(PrefKey.languageId))?.value).toBe(ARABIC.id);
  });

  it('records the default when nothing was chosen, and a choice made before it stays', async () => {
    const { worker } = await twoConnections();
    await refreshChosenLanguage({ db: worker, api: offlineApi, now: () => 0 });
    expect((await worker.prefs.get(PrefKey.languageId))?.value).toBe(ENGLISH.id);

    await worker.prefs.put({ key: PrefKey.languageId, value: ARABIC.id });
    await refreshChosenLanguage({ db: worker, api: offlineApi, now: () => 0 });
    expect((await worker.prefs.get(PrefKey.languageId))?.value).toBe(ARABIC.id);
  });
});
