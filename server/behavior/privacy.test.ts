import { describe, expect, it } from "vitest";
import {
  deviceClass,
  optedOut,
  referrerDomain,
  truncateIp,
} from "./privacy.js";

describe("the tracker's privacy rules on the server", () => {
  it("truncates IPv4 to /24 and IPv6 to /48", () => {
    expect(truncateIp("203.0.113.77")).toBe("203.0.113.0/24");
    expect(truncateIp("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
    expect(truncateIp("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe(
      "2001:db8:85a3::/48",
    );
    expect(truncateIp("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(truncateIp("::1")).toBe("0:0:0::/48");
    expect(truncateIp("not an ip")).toBeNull();
    expect(truncateIp(undefined)).toBeNull();
  });

  it("keeps a device class, never the user agent", () => {
    expect(
      deviceClass(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148",
      ),
    ).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe(
      "tablet",
    );
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36",
      ),
    ).toBe("tablet");
    expect(
      deviceClass(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36",
      ),
    ).toBe("mobile");
    expect(
      deviceClass("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120"),
    ).toBe("desktop");
    expect(deviceClass(undefined)).toBe("desktop");
  });

  it("honours Do-Not-Track and Global Privacy Control", () => {
    expect(optedOut({ dnt: "1" })).toBe(true);
    expect(optedOut({ "sec-gpc": "1" })).toBe(true);
    expect(optedOut({ dnt: "0" })).toBe(false);
    expect(optedOut({})).toBe(false);
  });

  it("keeps only the referrer's domain, and not our own", () => {
    expect(
      referrerDomain("https://www.example.org/a?q=secret", "lampstand.test"),
    ).toBe("www.example.org");
    expect(
      referrerDomain("https://lampstand.test/x", "lampstand.test:8080"),
    ).toBeNull();
    expect(referrerDomain("javascript:alert(1)", "x")).toBeNull();
    expect(referrerDomain("::::", "x")).toBeNull();
    expect(referrerDomain(undefined, "x")).toBeNull();
  });
});
