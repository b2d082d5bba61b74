/**
 * The development outbox: where SMS, e-mail and push messages go when no
 * real transport is configured. Each message is
 * - a readable line printed in the server's own console (`print`), as
 *   frameworks' console mailers do: a newcomer signs in by code with nothing
 *   set up;
 * - a JSON line in DATA_DIR/outbox/<channel>.jsonl (what a developer tails);
 * - a row of `dev_outbox`, which GET /public/api/dev/outbox lists only when
 *   the operator turns that route on (DEV_OUTBOX_HTTP=1, loopback only;
 *   messaging/dev-outbox-route.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DevOutboxMessage, NotificationData } from '../../src/api/account/entities.ts';
import type { OutboxChannel } from '../../src/api/account/limits.ts';
import type { MessagingRepository } from './messaging-repository.ts';

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  subject?: string | null;
  body: string;
  data?: NotificationData | null;
}

export interface OutboxQuery {
  to?: string | undefined;
  channel?: OutboxChannel | undefined;
  limit?: number | undefined;
}

/** One line for the console: `[dev sms] to +14125550104: FoodPilot: your sign-in code is 123456. …` */
export function outboxLine(entry: OutboxEntry): string {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' / ').trim();
  const subject = entry.subject ? `${oneLine(entry.subject)}: ` : '';
  return `[dev ${entry.channel}] to ${entry.to}: ${subject}${oneLine(entry.body)}`;
}

export class DevOutbox {
  constructor(
    private readonly messages: MessagingRepository,
    /** DATA_DIR/outbox */
    readonly dir: string,
    /** Prints each message's line in the server's console; nothing when absent (tests). */
    private readonly print?: ((line: string) => void) | undefined,
  ) {}

  fileOf(channel: OutboxChannel): string {
    return path.join(this.dir, `${channel}.jsonl`);
  }

  async record(entry: OutboxEntry, now: Date = new Date()): Promise<DevOutboxMessage> {
    const createdAt = now.toISOString();
    const data = entry.data ?? null;
    const id = await this.messages.addOutboxMessage({
      channel: entry.channel,
      recipient: entry.to,
      subject: entry.subject ?? null,
      body: entry.body,
      data: data === null ? null : JSON.stringify(data),
      created_at: createdAt,
    });
    const message: DevOutboxMessage = {
      id,
      channel: entry.channel,
      to: entry.to,
      subject: entry.subject ?? null,
      body: entry.body,
      data,
      created_at: createdAt,
    };
    this.print?.(outboxLine(entry));
    await fs.mkdir(this.dir, { recursive: true });
    // One write per line with O_APPEND: lines of parallel requests do not interleave.
    await fs.appendFile(this.fileOf(entry.channel), `${JSON.stringify(message)}\n`);
    return message;
  }

  /** Newest first. */
  async list(query: OutboxQuery = {}): Promise<DevOutboxMessage[]> {
    const rows = await this.messages.outboxMessages({ to: query.to, channel: query.channel }, query.limit ?? 50);
    return rows.map((row) => ({
      id: Number(row.id),
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      data: row.data === null ? null : (JSON.parse(row.data) as NotificationData),
      created_at: row.created_at,
    }));
  }
}
