import type { Store } from "../../db/store.js";
import type { BehaviorStats } from "../../../common/schemas/behavior.js";

const TOP = 10;

function average(sum: number, count: number): number | null {
  return count > 0 ? Math.round(Number(sum) / Number(count)) : null;
}

/** Every day from `from` to `to` (YYYY-MM-DD), so a chart shows days without visits too. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let time = Date.parse(`${from}T00:00:00Z`);
    time <= Date.parse(`${to}T00:00:00Z`);
    time += 24 * 3600 * 1000
  ) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The statistics of a range of days, from the daily rollup. A list's visitors are the sum
 * of its days' visitors: a person who came on two days counts twice (docs/decisions.md).
 */
export async function behaviorStats(
  store: Store,
  from: string,
  to: string,
): Promise<BehaviorStats> {
  const rows = await store.db
    .selectFrom("behaviorDaily")
    .selectAll()
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  const totals = new Map(
    rows.filter((row) => row.kind === "total").map((row) => [row.day, row]),
  );
  const series = daysBetween(from, to).map((day) => {
    const row = totals.get(day);
    return {
      day,
      pv: Number(row?.hits ?? 0),
      uv: Number(row?.visitors ?? 0),
      sessions: Number(row?.sessions ?? 0),
      avgDurationMs: row ? average(row.durationSum, row.durationCount) : null,
    };
  });
  const top = (kind: string, limit = TOP) => {
    const sums = new Map<
      string,
      { pv: number; uv: number; sum: number; count: number }
    >();
    for (const row of rows) {
      if (row.kind !== kind) continue;
      const entry = sums.get(row.key) ?? { pv: 0, uv: 0, sum: 0, count: 0 };
      entry.pv += Number(row.hits);
      entry.uv += Number(row.visitors);
      entry.sum += Number(row.durationSum);
      entry.count += Number(row.durationCount);
      sums.set(row.key, entry);
    }
    return [...sums.entries()]
      .map(([key, entry]) => ({
        key,
        pv: entry.pv,
        uv: entry.uv,
        avgDurationMs: average(entry.sum, entry.count),
      }))
      .sort((a, b) => b.pv - a.pv || a.key.localeCompare(b.key))
      .slice(0, limit);
  };
  return {
    series,
    topPaths: top("path"),
    devices: top("device", 3),
    referrers: top("referrer"),
    events: top("event"),
  };
}
