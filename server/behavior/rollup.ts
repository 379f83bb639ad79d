import { sql, type Kysely } from "kysely";
import type { Store } from "../db/store.js";
import { statsDayOf } from "../../common/schemas/behavior.js";

let cachedMinute = Number.NaN;
let cachedDay = "";

/**
 * The calendar day (YYYY-MM-DD) of a time in the statistics' time zone. Formatting is
 * costly and a batch's events share their minute: the last minute's day is kept.
 */
export function statsDay(time: number): string {
  const minute = Math.floor(time / 60_000);
  if (minute !== cachedMinute) {
    cachedDay = statsDayOf(minute * 60_000);
    cachedMinute = minute;
  }
  return cachedDay;
}

let cachedSecond = Number.NaN;
let cachedPrefix = "";

/**
 * A time as stored (ISO-8601 UTC, as `nowIso`), formatted once a second: the endpoint
 * dates thousands of events a second and `toISOString` was a measurable share of it.
 */
export function eventTime(time: number): string {
  const second = Math.floor(time / 1000);
  if (second !== cachedSecond) {
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 20);
    cachedSecond = second;
  }
  const ms = time - second * 1000;
  return `${cachedPrefix}${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}

/**
 * Recomputes the daily statistics of the days from `from` to `to` (inclusive) from the
 * raw events: deletes those days' rows and inserts them again, grouped in the database,
 * in one transaction, so a rerun gives the same numbers and readers never see half a day.
 */
export async function rollUp(
  store: Store,
  from: string,
  to: string,
): Promise<number> {
  return store.transaction(async (trx) => {
    const db = trx as unknown as Kysely<unknown>;
    await sql`delete from behavior_daily where day >= ${from} and day <= ${to}`.execute(
      db,
    );
    // PostgreSQL sorts for every count(distinct …) and group; in the database's locale
    // (en_US.UTF-8, zh_CN…) each comparison is a strcoll, 2–3 times the cost of a byte
    // compare on 1,000,000 events. The ids, paths and names group the same either way
    // (equality is bytewise in a deterministic collation), so they are compared as "C".
    const c = store.kind === "postgres" ? ' collate "C"' : "";
    const insert = (kind: string, key: string, where: string) => {
      const keyOf = key === "''" ? "''" : `${key}${c}`;
      return sql`insert into behavior_daily
            (day, kind, key, hits, visitors, sessions, duration_sum, duration_count)
          select day${sql.raw(c)}, ${kind}, ${sql.raw(keyOf)},
            sum(case when type = ${kind === "event" ? "event" : "pageview"} then 1 else 0 end),
            count(distinct visitor_id${sql.raw(c)}), count(distinct session_id${sql.raw(c)}),
            coalesce(sum(duration_ms), 0), count(duration_ms)
          from behavior_events
          where day >= ${from} and day <= ${to} ${sql.raw(where)}
          group by day${sql.raw(c)}${sql.raw(key === "''" ? "" : `, ${keyOf}`)}`.execute(
        db,
      );
    };
    await insert("total", "''", "");
    await insert("path", "path", "and type in ('pageview', 'leave')");
    await insert("device", "device", "and type = 'pageview'");
    await insert(
      "referrer",
      "referrer_domain",
      "and type = 'pageview' and referrer_domain is not null",
    );
    await insert("event", "name", "and type = 'event' and name is not null");
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from behavior_daily where day >= ${from} and day <= ${to}`.execute(
      db,
    );
    return Number(rows[0]?.n ?? 0);
  });
}
