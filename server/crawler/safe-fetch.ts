import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** The largest response the crawler reads (issue 13: over 5 MB is refused). */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 15_000;

export type RefusalReason =
  "scheme" | "address" | "size" | "redirect" | "timeout" | "network";

/** A fetch the crawler would not make or finish; `reason` says which rule refused it. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = "FetchRefused";
  }
}

/**
 * Whether an address is one the crawler may reach: a global unicast address. Private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast, reserved, and the
 * tunnelling prefixes that can embed any of them (6to4, Teredo, NAT64) are refused; an
 * IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** The same site: the same host name, ignoring a leading "www." and the scheme. */
export function sameSite(a: URL, b: URL): boolean {
  const host = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "");
  return host(a) === host(b);
}

export interface SafeFetchOptions {
  /** SPIDER_ALLOW_PRIVATE=true: private and loopback addresses are allowed (tests). */
  allowPrivate: boolean;
  userAgent: string;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  accept?: string;
}

export interface FetchedResponse {
  /** The address answered, after same-site redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Resolves like dns.lookup, then refuses the connection when any address the name
 * resolves to is not public: the check is on what the socket connects to, after DNS, so
 * a name that resolves to 127.0.0.1 (or switches to it later) is refused as well.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((entry) => !isPublicAddress(entry.address));
      if (!allowPrivate && bad) {
        return callback(
          new FetchRefused(
            "address",
            `${hostname} resolves to ${bad.address}, a private or reserved address`,
          ),
          "",
          4,
        );
      }
      if (list.length === 0) {
        return callback(new Error(`${hostname} has no address`), "", 4);
      }
      if ((options as { all?: boolean }).all) {
        return (
          callback as unknown as (e: null, a: dns.LookupAddress[]) => void
        )(null, list);
      }
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Checks the scheme and, for a literal IP, the address (no DNS lookup happens then). */
export function checkUrl(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchRefused(
      "scheme",
      `only http and https are fetched, not ${url.protocol}`,
    );
  }
  const host = hostOf(url);
  if (!allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    throw new FetchRefused(
      "address",
      `${host} is a private or reserved address`,
    );
  }
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions,
): Promise<{
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
}> {
  checkUrl(url, options.allowPrivate);
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const request = client.request(
      url,
      {
        method: "GET",
        headers: {
          "user-agent": options.userAgent,
          accept: options.accept ?? "*/*",
          "accept-encoding": "identity",
        },
        lookup: guardedLookup(options.allowPrivate),
        signal: options.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers["content-type"] ?? "");
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          settled = true;
          clearTimeout(timer);
          resolve({
            status,
            location: response.headers.location,
            contentType,
            body: Buffer.alloc(0),
          });
          return;
        }
        const declared = Number(response.headers["content-length"] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          fail(
            new FetchRefused(
              "size",
              `the response is ${declared} bytes, over the ${maxBytes}-byte limit`,
            ),
          );
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            fail(
              new FetchRefused(
                "size",
                `the response is over the ${maxBytes}-byte limit`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status, contentType, body: Buffer.concat(chunks) });
        });
        response.on("error", fail);
      },
    );
    const timer = setTimeout(
      () =>
        fail(
          new FetchRefused(
            "timeout",
            `no answer within ${options.timeoutMs ?? TIMEOUT_MS} ms`,
          ),
        ),
      options.timeoutMs ?? TIMEOUT_MS,
    );
    request.on("error", (error) =>
      fail(
        error instanceof FetchRefused
          ? error
          : options.signal?.aborted
            ? new FetchRefused("timeout", "the run was stopped")
            : new FetchRefused("network", error.message),
      ),
    );
    request.end();
  });
}

/**
 * GETs `address` for the crawler: http and https only, public addresses only (checked
 * after DNS, unless allowPrivate), at most 5 MB, and redirects followed only within the
 * same site (at most 5). Answers non-2xx statuses too (robots.txt needs its 404).
 */
export async function safeFetch(
  address: string,
  options: SafeFetchOptions,
): Promise<FetchedResponse> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefused("scheme", `${address} is not an address`);
  }
  const origin = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await requestOnce(url, options);
    if (answer.location === undefined) {
      return {
        url: url.href,
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body,
      };
    }
    let next: URL;
    try {
      next = new URL(answer.location, url);
    } catch {
      throw new FetchRefused("redirect", "a redirect to a malformed address");
    }
    if (!sameSite(origin, next)) {
      throw new FetchRefused(
        "redirect",
        `a redirect off the site, to ${next.host}`,
      );
    }
    url = next;
  }
  throw new FetchRefused("redirect", `more than ${MAX_REDIRECTS} redirects`);
}
