import { describe, expect, it } from 'vitest';
import { isFramedPreview, nextVisitCount } from '../../../src/lib/visits.ts';
import { recordVisit } from '../../../src/app/start-tasks.ts';
import { PrefKey } from '../../../src/db/schema.ts';
import { buildReplica } from '../support/replica-fixture.ts';

describe('visit counting', () => {
  it('starts at 1 and counts up; anything unreadable counts as no visit', () => {
    expect(nextVisitCount(undefined)).toBe(1);
    expect(nextVisitCount(2)).toBe(3);
    expect(nextVisitCount('7')).toBe(1);
    expect(nextVisitCount(-3)).toBe(1);
  });

  it('stores one more visit per app start in prefs', async () => {
    const db = await buildReplica();
    expect(await recordVisit(db)).toBe(1);
    expect(await recordVisit(db)).toBe(2);
    expect((await db.prefs.get(PrefKey.visitCount))?.value).toBe(2);
  });

  it('does not count the desktop landing preview (the app inside an iframe)', async () => {
    const db = await buildReplica();
    const framed = { self: {}, top: {} } as unknown as Window;
    expect(isFramedPreview(framed)).toBe(true);
    expect(await recordVisit(db, framed)).toBeNull();
    expect(await db.prefs.get(PrefKey.visitCount)).toBeUndefined();
  });
});
