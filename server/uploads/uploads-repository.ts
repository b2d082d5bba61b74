/**
 * Uploaded pictures and where they are used: every line of SQL on uploads. Each method runs on the
 * transaction it is given (`trx`), or on its own when it is given none.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, UploadsTable } from '../db/tables.ts';

export function createUploadsRepository(db: Kysely<Database>) {
  return {
    /** Bytes of pictures this owner keeps on the server. */
    async usageOf(ownerId: number, trx: Kysely<Database> = db): Promise<number> {
      const row = await trx
        .selectFrom('uploads')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('bytes'), eb.lit(0)).as('total'))
        .where('owner_user_id', '=', ownerId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Records a stored picture: its address, owner, kind and size. */
    async add(upload: Insertable<UploadsTable>, trx: Kysely<Database> = db): Promise<void> {
      await trx.insertInto('uploads').values(upload).execute();
    },

    /** Forgets the record of the picture at this address. */
    async forgetUrl(url: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('uploads').where('url', '=', url).execute();
    },

    /** Forgets one upload's record. */
    async forget(id: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('uploads').where('id', '=', id).execute();
    },

    /** The uploads recorded before `before`, oldest first. */
    async recordedBefore(before: string, trx: Kysely<Database> = db): Promise<{ id: number; url: string }[]> {
      return trx.selectFrom('uploads').select(['id', 'url']).where('created_at', '<', before).orderBy('id').execute();
    },

    /** Whether an upload is recorded at this address. */
    async isRecorded(url: string, trx: Kysely<Database> = db): Promise<boolean> {
      return (await trx.selectFrom('uploads').select('id').where('url', '=', url).executeTakeFirst()) !== undefined;
    },

    // Methods go above this line.
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
