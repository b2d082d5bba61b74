// @vitest-environment node
/** The built-in English texts are rewritten only when a build's texts differ from the stored ones. */
import { afterEach, describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS } from '../../../../src/api/language/texts.ts';
import { BUILT_IN_TEXTS_ID, PrefKey, ReplicaDatabase } from '../../../../src/db/schema.ts';
import { writeBuiltInDefaults } from '../../../../worker/replica/writes.ts';

let db: ReplicaDatabase;

afterEach(async () => {
  await db.delete();
});

describe('writeBuiltInDefaults', () => {
  it('writes the texts of a new build, keeps them while the build is the same, and writes them again when they are gone', async () => {
    db = new ReplicaDatabase(`built-in-texts-${crypto.randomUUID()}`);
    await writeBuiltInDefaults(db, 'build-a');
    expect((await db.translations.get(BUILT_IN_TEXTS_ID))?.data.retry).toBe(ENGLISH_TEXTS.retry);
    expect((await db.prefs.get(PrefKey.builtInTextsVersion))?.value).toBe('build-a');

    // A row this build did not write stands for texts an older build stored: the same build leaves it alone…
    await db.translations.put({ languageId: BUILT_IN_TEXTS_ID, data: { retry: 'older words' }, fetchedAt: 0 });
    await writeBuiltInDefaults(db, 'build-a');
    expect((await db.translations.get(BUILT_IN_TEXTS_ID))?.data.retry).toBe('older words');

    // …a new build replaces it…
    await writeBuiltInDefaults(db, 'build-b');
    expect((await db.translations.get(BUILT_IN_TEXTS_ID))?.data.retry).toBe(ENGLISH_TEXTS.retry);

    // …and texts cleared (the forced cache clear) are written again by the same build.
    await db.translations.clear();
    await writeBuiltInDefaults(db, 'build-b');
    expect((await db.translations.get(BUILT_IN_TEXTS_ID))?.data.retry).toBe(ENGLISH_TEXTS.retry);
  });

  it('writes once when the worker, as it starts, and boot both ask at the same time', async () => {
    db = new ReplicaDatabase(`built-in-texts-${crypto.randomUUID()}`);
    let writes = 0;
    db.translations.hook('creating', () => void writes++);
    db.translations.hook('updating', () => void writes++);
    await Promise.all([writeBuiltInDefaults(db, 'build-a'), writeBuiltInDefaults(db, 'build-a')]);
    expect(writes).toBe(1);
    // Once done, a later ask checks again (and finds nothing to write).
    await writeBuiltInDefaults(db, 'build-a');
    expect(writes).toBe(1);
  });

  it('without a build fingerprint (tests, the dev server) writes them every time', async () => {
    db = new ReplicaDatabase(`built-in-texts-${crypto.randomUUID()}`);
    await writeBuiltInDefaults(db, null);
    await db.translations.put({ languageId: BUILT_IN_TEXTS_ID, data: { retry: 'edited' }, fetchedAt: 0 });
    await writeBuiltInDefaults(db, null);
    expect((await db.translations.get(BUILT_IN_TEXTS_ID))?.data.retry).toBe(ENGLISH_TEXTS.retry);
  });
});
