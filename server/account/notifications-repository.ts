/**
 * In-app alerts and the push tokens of each user's devices. notifyUser is
 * how every part of the server tells a customer something (later: each
 * order transition): it stores the alert in the caller's transaction, and
 * the push dispatcher sends it to every device of the user once it is
 * committed (push-dispatcher.ts), so a rolled-back change never buzzes a
 * phone and no network call runs inside a transaction.
 */
import type { Kysely } from 'kysely';
import type { Notification, NotificationData } from '../../src/api/account/entities.ts';
import { NOTIFICATIONS_LIMIT } from '../../src/api/account/limits.ts';
import type { Database, NotificationsTable, PushState } from '../db/tables.ts';
import type { Selectable } from 'kysely';

export interface Alert {
  title: string;
  message: string;
  data?: NotificationData;
}

export function toNotification(row: Pick<Selectable<NotificationsTable>, 'id' | 'title' | 'message' | 'data' | 'is_read' | 'created_at'>): Notification {
  return {
    id: Number(row.id),
    title: row.title,
    message: row.message,
    data: JSON.parse(row.data) as NotificationData,
    is_read: Number(row.is_read) === 1 ? 1 : 0,
    created_at: row.created_at,
  };
}

const COLUMNS = ['id', 'title', 'message', 'data', 'is_read', 'created_at'] as const;

export function createNotificationsRepository(db: Kysely<Database>) {
  const queuedListeners = new Set<() => void>();

  return {
    /** Called after notifyUser stored an alert with a push to send (the push dispatcher listens). */
    onQueued(listener: () => void): () => void {
      queuedListeners.add(listener);
      return () => queuedListeners.delete(listener);
    },

    /**
     * Stores an alert for the user (inside `trx` when given) and queues its
     * push to every saved device of the user.
     */
    async notifyUser(userId: number, alert: Alert, now: Date = new Date(), trx: Kysely<Database> = db): Promise<Notification> {
      const row = await trx
        .insertInto('notifications')
        .values({
          user_id: userId,
          title: alert.title,
          message: alert.message,
          data: JSON.stringify(alert.data ?? {}),
          created_at: now.toISOString(),
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      for (const listener of queuedListeners) listener();
      return toNotification(row);
    },

    /** Newest first. */
    async listOf(userId: number, limit: number = NOTIFICATIONS_LIMIT, trx: Kysely<Database> = db): Promise<Notification[]> {
      const rows = await trx
        .selectFrom('notifications')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toNotification);
    },

    /** Answers how many were unread. */
    async markAllRead(userId: number, trx: Kysely<Database> = db): Promise<number> {
      const result = await trx
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('user_id', '=', userId)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The alert, now read; undefined when the user has no such alert. */
    async markOneRead(userId: number, notificationId: number, trx: Kysely<Database> = db): Promise<Notification | undefined> {
      const row = await trx
        .updateTable('notifications')
        .set({ is_read: 1 })
        .where('id', '=', notificationId)
        .where('user_id', '=', userId)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toNotification(row) : undefined;
    },

    /** A device token belongs to whoever saved it last (one phone, one signed-in user). */
    async savePushToken(userId: number, token: string, now: Date = new Date(), trx: Kysely<Database> = db): Promise<void> {
      const at = now.toISOString();
      await trx
        .insertInto('push_tokens')
        .values({ token, user_id: userId, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('token').doUpdateSet({ user_id: userId, updated_at: at }))
        .execute();
    },

    async pushTokensOf(userId: number, trx: Kysely<Database> = db): Promise<string[]> {
      const rows = await trx.selectFrom('push_tokens').select('token').where('user_id', '=', userId).execute();
      return rows.map((row) => row.token);
    },

    /** Only the user's own: a token that moved to someone else since stays theirs. */
    async forgetPushTokenOf(userId: number, token: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('push_tokens').where('token', '=', token).where('user_id', '=', userId).execute();
    },

    async forgetPushToken(token: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('push_tokens').where('token', '=', token).execute();
    },

    /** Committed alerts whose push waits to be sent, oldest first, at most `limit`. */
    async pendingPushes(limit: number, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('notifications')
        .select(['id', 'user_id', 'title', 'message', 'data'])
        .where('push_state', '=', 'pending')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Claims a pending alert's push for this process ('sending'); false when another one took it first. */
    async claimPush(id: number, trx: Kysely<Database> = db): Promise<boolean> {
      const claimed = await trx
        .updateTable('notifications')
        .set({ push_state: 'sending' })
        .where('id', '=', id)
        .where('push_state', '=', 'pending')
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Records how an alert's push went. */
    async setPushState(id: number, state: PushState, trx: Kysely<Database> = db): Promise<void> {
      await trx.updateTable('notifications').set({ push_state: state }).where('id', '=', id).execute();
    },

    // Methods go above this line.
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
