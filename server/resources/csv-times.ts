/**
 * Times in CSV exports: stored as UTC ISO strings, written as the wall-clock time of the
 * zone the caller asks for (the admin sends its browser's), with the zone named in the
 * column header. Intl (ICU) knows the zones and their daylight-saving rules.
 */

/** The zone of an export when the caller names none. */
export const DEFAULT_EXPORT_TIME_ZONE = "UTC";

/** The IANA zone's canonical name, or undefined when Intl does not know it. */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone: name,
    }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** "UTC+08:00" for the zone's offset at `at`. */
function offsetAt(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat("en-US", {
    timeZone,
    timeZoneName: "longOffset",
  })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")!.value;
  return name.replace(/^GMT/, "UTC");
}

/**
 * What a header says of the zone: "UTC"; "Asia/Shanghai, UTC+08:00" for a zone with one
 * offset all year; the zone's name alone where daylight saving changes the offset.
 */
export function timeZoneLabel(timeZone: string, now = new Date()): string {
  const year = now.getUTCFullYear();
  const winter = offsetAt(timeZone, new Date(Date.UTC(year, 0, 1)));
  const summer = offsetAt(timeZone, new Date(Date.UTC(year, 6, 1)));
  if (winter !== summer) return timeZone;
  if (/^(Etc\/)?(UTC|UCT|Universal|Zulu)$/.test(timeZone)) return "UTC";
  return `${timeZone}, ${winter}`;
}

/** Formats an ISO time as "YYYY-MM-DD HH:mm:ss" in the zone, which spreadsheets read as a date. */
export function zoneTimeFormatter(timeZone: string): (iso: unknown) => unknown {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return (iso) => {
    if (typeof iso !== "string") return iso;
    const time = Date.parse(iso);
    if (Number.isNaN(time)) return iso;
    const part: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(time))
      part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}
