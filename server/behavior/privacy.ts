import net from "node:net";
import { isMobileUserAgent } from "../../common/device.js";
import type { DeviceClass } from "../../common/schemas/behavior.js";

/**
 * The address as kept: IPv4 cut to its /24, IPv6 to its /48, so no visitor is singled out
 * by it; an IPv4-mapped IPv6 address counts as IPv4.
 */
export function truncateIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  if (net.isIPv4(address)) {
    return `${address.split(".").slice(0, 3).join(".")}.0/24`;
  }
  if (net.isIPv6(address)) {
    const [head = "", tail = ""] = address.split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = address.includes("::")
      ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((group) => parseInt(group || "0", 16).toString(16))
      .join(":")}::/48`;
  }
  return null;
}

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i;

/** The device class from the user agent, which is then dropped. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent) return "desktop";
  if (TABLET.test(userAgent)) return "tablet";
  return isMobileUserAgent(userAgent) ? "mobile" : "desktop";
}

/** Do-Not-Track or Global Privacy Control: the visitor asked not to be tracked. */
export function optedOut(headers: Record<string, unknown>): boolean {
  return headers["dnt"] === "1" || headers["sec-gpc"] === "1";
}

/** The referrer's host name, or null for none, our own site or a malformed one. */
export function referrerDomain(
  referrer: string | undefined,
  ownHost: string | undefined,
): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase().slice(0, 255);
    const own = ownHost?.split(":")[0]?.toLowerCase();
    return host && host !== own ? host : null;
  } catch {
    return null;
  }
}
