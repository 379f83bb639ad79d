import { describe, expect, it } from "vitest";
import { formatDuration, formatFileSize, FILE_SIZE_UNITS } from "./format";

describe("formatFileSize", () => {
  it("prints whole bytes below 1 KB", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(1)).toBe("1 Bytes");
    expect(formatFileSize(1023)).toBe("1023 Bytes");
  });

  it("uses base 1024 with two decimals", () => {
    expect(formatFileSize(1024)).toBe("1.00 KB");
    expect(formatFileSize(1536)).toBe("1.50 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1024.00 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1.00 MB");
    expect(formatFileSize(5.25 * 1024 ** 3)).toBe("5.25 GB");
  });

  it("covers every unit from Bytes through YB", () => {
    expect(FILE_SIZE_UNITS).toEqual([
      "Bytes",
      "KB",
      "MB",
      "GB",
      "TB",
      "PB",
      "EB",
      "ZB",
      "YB",
    ]);
    FILE_SIZE_UNITS.slice(1).forEach((unit, index) => {
      expect(formatFileSize(1024 ** (index + 1))).toBe(`1.00 ${unit}`);
    });
  });

  it("stays in YB past the last unit", () => {
    expect(formatFileSize(2048 * 1024 ** 8)).toBe("2048.00 YB");
  });

  it("rejects negative and non-finite sizes", () => {
    expect(() => formatFileSize(-1)).toThrow(RangeError);
    expect(() => formatFileSize(Number.NaN)).toThrow(RangeError);
    expect(() => formatFileSize(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("formatDuration", () => {
  it("pads hours, minutes and seconds to two digits", () => {
    expect(formatDuration(0)).toBe("00:00:00");
    expect(formatDuration(5)).toBe("00:00:05");
    expect(formatDuration(65)).toBe("00:01:05");
    expect(formatDuration(3600)).toBe("01:00:00");
    expect(formatDuration(3 * 3600 + 25 * 60 + 9)).toBe("03:25:09");
  });

  it("drops fractions of a second", () => {
    expect(formatDuration(59.999)).toBe("00:00:59");
  });

  it("keeps counting hours past 99", () => {
    expect(formatDuration(100 * 3600 + 1)).toBe("100:00:01");
  });

  it("rejects negative and non-finite durations", () => {
    expect(() => formatDuration(-1)).toThrow(RangeError);
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});
