import { Cron } from "croner";
import { JOB_ERRORS } from "./job-messages.js";

/**
 * Cron expressions, read the same way by the server (which fires them) and the admin form
 * (which shows the next fire times as the user types): croner, 5 fields (minute first) or
 * 6 (second first), nothing else; no nicknames such as "@daily", so what is stored is
 * always what the form shows.
 */
export const DEFAULT_JOB_TIMEZONE = "Asia/Shanghai";

export type CronCheck =
  | { ok: true; cron: Cron }
  | { ok: false; error: (typeof JOB_ERRORS)[keyof typeof JOB_ERRORS] };

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function checkCron(
  expression: string,
  timezone: string = DEFAULT_JOB_TIMEZONE,
): CronCheck {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) {
    return { ok: false, error: JOB_ERRORS.cronFields };
  }
  if (!isTimeZone(timezone)) return { ok: false, error: JOB_ERRORS.timezone };
  let cron: Cron;
  try {
    cron = new Cron(fields.join(" "), {
      paused: true,
      mode: "5-or-6-parts",
      timezone,
    });
  } catch {
    return { ok: false, error: JOB_ERRORS.cron };
  }
  // A pattern such as 30 February parses but never fires: refused, not stored silently.
  if (cron.nextRun(new Date()) === null) {
    return { ok: false, error: JOB_ERRORS.cronNever };
  }
  return { ok: true, cron };
}

/** The next `count` fire times after `from` (ISO UTC strings), or [] for a bad expression. */
export function nextFireTimes(
  expression: string,
  timezone: string,
  count: number,
  from: Date = new Date(),
): string[] {
  const checked = checkCron(expression, timezone);
  if (!checked.ok) return [];
  return checked.cron.nextRuns(count, from).map((date) => date.toISOString());
}

/**
 * Fire times in (after, until], oldest first, at most `limit` of the newest ones; `total`
 * counts them all up to `cap` (so a years-long gap with a per-second cron stays cheap).
 */
export function fireTimesBetween(
  cron: Cron,
  after: Date,
  until: Date,
  limit: number,
  cap = 100_000,
): { times: Date[]; total: number } {
  const times: Date[] = [];
  let total = 0;
  let cursor: Date | null = after;
  while (total < cap) {
    cursor = cron.nextRun(cursor);
    if (!cursor || cursor.getTime() > until.getTime()) break;
    total += 1;
    times.push(cursor);
    if (times.length > limit) times.shift();
  }
  return { times, total };
}
