import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import { instanceName } from "../jobs/scheduler.js";
import {
  describeMailError,
  isPermanentMailError,
  type MailTransport,
} from "./transport.js";
import { SECRET_SLOT, type RenderedMail } from "./templates.js";

/** Tries before a message is given up on (failed); the admin may still resend it. */
export const MAX_ATTEMPTS = 8;
/** The wait after the first failed try; it doubles each try, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a claim holds: longer than the SMTP timeouts of one try. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** How long after a message is queued its sending starts. */
const KICK_DELAY_MS = 50;
/** Messages one pass claims at most. */
const BATCH = 20;

export interface OutgoingMail extends RenderedMail {
  kind: string;
  to: string;
  language: string;
  /** The one-time secret put into the body at SECRET_SLOT when sending. */
  secret?: { value: string; expiresAt: string };
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notices). */
  headers?: Record<string, string>;
}

/** The wait before try `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(
    MAX_BACKOFF_MS,
    FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1),
  );
}

/**
 * Writes a message to the outbox, in the caller's transaction: it is sent only if the
 * event that caused it commits. Nothing here talks to a mail server.
 */
export async function enqueueMail(
  trx: Kysely<Database>,
  mail: OutgoingMail,
  now = Date.now(),
): Promise<number> {
  const stamp = nowIso(now);
  const row = await trx
    .insertInto("mailOutbox")
    .values({
      kind: mail.kind,
      recipient: mail.to.slice(0, 254),
      language: mail.language,
      subject: mail.subject.slice(0, 300),
      textBody: mail.text,
      htmlBody: mail.html,
      secret: mail.secret?.value ?? null,
      secretExpiresAt: mail.secret?.expiresAt ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      status: "pending",
      attempts: 0,
      nextAttemptAt: stamp,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MailWorkerOptions {
  db: () => Kysely<Database>;
  transport: MailTransport | undefined;
  from: string;
  tickMs: number;
  clock?: () => number;
  instance?: string;
  /** Secrets never to write in a recorded error (the SMTP password). */
  redact?: (string | undefined)[];
  log?: { error(obj: unknown, msg: string): void };
}

/**
 * Sends the outbox. Every instance runs one; a message is claimed with a compare-and-set
 * on its lease (`locked_by`, `locked_until`), as the scheduler claims a fire, so each try
 * is made by one instance however many share the database. Without a transport
 * (no SMTP_URL) it sends nothing and messages wait.
 */
export class MailWorker {
  readonly instance: string;
  private readonly options: MailWorkerOptions;
  private readonly clock: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: MailWorkerOptions) {
    this.options = options;
    this.clock = options.clock ?? (() => Date.now());
    this.instance = options.instance ?? instanceName();
  }

  get configured(): boolean {
    return this.options.transport !== undefined;
  }

  start(): void {
    if (this.timer || !this.configured) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.options.transport?.close();
  }

  /**
   * A message was queued: send soon rather than at the next tick. Deferred, so the work
   * starts after the answer to the request that queued it has gone out (a reset request
   * for a known address must not take longer than one for an unknown one).
   */
  kick(): void {
    if (!this.configured || this.stopped) return;
    setTimeout(() => void this.tick(), KICK_DELAY_MS).unref();
  }

  /** One pass over the due messages. Never throws; a pass asked for mid-pass runs after. */
  tick(): Promise<void> {
    if (!this.configured || this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          this.options.log?.error({ err: error }, "mail outbox pass failed");
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const db = this.options.db();
    const now = this.clock();
    const stamp = nowIso(now);
    const due = await db
      .selectFrom("mailOutbox")
      .select("id")
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", stamp)
      .where((eb) =>
        eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", stamp)]),
      )
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const { id } of due) {
      if (this.stopped) return;
      // The claim: only the instance whose update still sees the row free sends it.
      const claim = await db
        .updateTable("mailOutbox")
        .set({
          lockedBy: this.instance,
          lockedUntil: nowIso(this.clock() + CLAIM_LEASE_MS),
        })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where((eb) =>
          eb.or([
            eb("lockedUntil", "is", null),
            eb("lockedUntil", "<", nowIso(this.clock())),
          ]),
        )
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      await this.sendOne(id);
    }
  }

  private async sendOne(id: number): Promise<void> {
    const db = this.options.db();
    const row = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const now = this.clock();
    const mine = (update: ReturnType<typeof db.updateTable<"mailOutbox">>) =>
      update.where("id", "=", id).where("lockedBy", "=", this.instance);
    if (
      row.secretExpiresAt !== null &&
      (row.secret === null || row.secretExpiresAt < nowIso(now))
    ) {
      await mine(db.updateTable("mailOutbox"))
        .set({
          status: "failed",
          secret: null,
          lockedBy: null,
          lockedUntil: null,
          lastError: "the link in this message expired before it could be sent",
          updatedAt: nowIso(now),
        })
        .execute();
      return;
    }
    const fill = (body: string) =>
      row.secret ? body.split(SECRET_SLOT).join(row.secret) : body;
    try {
      await this.options.transport!.send({
        from: this.options.from,
        to: row.recipient,
        subject: row.subject,
        text: fill(row.textBody),
        html: fill(row.htmlBody),
        ...(row.headers
          ? { headers: JSON.parse(row.headers) as Record<string, string> }
          : {}),
      });
      const done = this.clock();
      await mine(db.updateTable("mailOutbox"))
        .set({
          status: "sent",
          sentAt: nowIso(done),
          attempts: row.attempts + 1,
          secret: null,
          lockedBy: null,
          lockedUntil: null,
          lastError: null,
          updatedAt: nowIso(done),
        })
        .execute();
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = isPermanentMailError(error) || attempts >= MAX_ATTEMPTS;
      const failedAt = this.clock();
      await mine(db.updateTable("mailOutbox"))
        .set({
          status: giveUp ? "failed" : "pending",
          attempts,
          nextAttemptAt: nowIso(failedAt + (giveUp ? 0 : backoffMs(attempts))),
          ...(giveUp ? { secret: null } : {}),
          lockedBy: null,
          lockedUntil: null,
          lastError: describeMailError(error, [
            row.secret,
            ...(this.options.redact ?? []),
          ]),
          updatedAt: nowIso(failedAt),
        })
        .execute();
    }
  }
}
