import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  timeZoneLabel,
  zoneTimeFormatter,
} from "./csv-times.js";

describe("export times", () => {
  it("writes a UTC time as the zone's wall clock, across a date line and daylight saving", () => {
    const shanghai = zoneTimeFormatter("Asia/Shanghai");
    expect(shanghai("2026-01-01T16:30:05.000Z")).toBe("2026-01-02 00:30:05");
    const newYork = zoneTimeFormatter("America/New_York");
    expect(newYork("2026-01-15T12:00:00.000Z")).toBe("2026-01-15 07:00:00");
    expect(newYork("2026-07-15T12:00:00.000Z")).toBe("2026-07-15 08:00:00");
    expect(zoneTimeFormatter("UTC")("2026-07-15T00:00:00.000Z")).toBe(
      "2026-07-15 00:00:00",
    );
  });

  it("leaves what is not a time alone", () => {
    const format = zoneTimeFormatter("Asia/Shanghai");
    expect(format(null)).toBe(null);
    expect(format("not a time")).toBe("not a time");
  });

  it("names the zone, with its offset when it has one all year", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    expect(timeZoneLabel("UTC", now)).toBe("UTC");
    expect(timeZoneLabel("Asia/Shanghai", now)).toBe(
      "Asia/Shanghai, UTC+08:00",
    );
    expect(timeZoneLabel("Asia/Kolkata", now)).toBe("Asia/Kolkata, UTC+05:30");
    expect(timeZoneLabel("America/New_York", now)).toBe("America/New_York");
  });

  it("knows IANA zones and refuses anything else", () => {
    expect(canonicalTimeZone("Asia/Shanghai")).toBe("Asia/Shanghai");
    expect(canonicalTimeZone("asia/shanghai")).toBe("Asia/Shanghai");
    expect(canonicalTimeZone("Mars/Olympus")).toBeUndefined();
    expect(canonicalTimeZone("")).toBeUndefined();
  });
});
