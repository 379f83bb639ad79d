import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("loadConfig: timeouts and connection cap", () => {
  it("has documented defaults", () => {
    const config = loadConfig({});
    expect(config.timeouts).toEqual({
      requestMs: 120_000,
      headersMs: 15_000,
      keepAliveMs: 5_000,
      idleMs: 30_000,
    });
    expect(config.maxConnectionsPerIp).toBe(64);
    expect(config.metrics).toEqual({
      port: undefined,
      host: "127.0.0.1",
      token: undefined,
    });
  });

  it("turns the per-address cap off behind a trusted proxy unless one is given", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).maxConnectionsPerIp).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: "1", MAX_CONNECTIONS_PER_IP: "200" })
        .maxConnectionsPerIp,
    ).toBe(200);
  });

  it.each(["-1", "1.5", "ten"])("refuses %s as a count", (value) => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: value })).toThrow(
      /REQUEST_TIMEOUT_MS must be a whole number/,
    );
  });
});

describe("STREAM_CONNECT_SOURCES", () => {
  it("takes origins, comma or space separated, and refuses anything else", () => {
    expect(loadConfig({}).streamConnectSources).toEqual([]);
    expect(
      loadConfig({
        STREAM_CONNECT_SOURCES: "http://10.0.0.5:8080, http://127.0.0.1:*",
      }).streamConnectSources,
    ).toEqual(["http://10.0.0.5:8080", "http://127.0.0.1:*"]);
    expect(() =>
      loadConfig({ STREAM_CONNECT_SOURCES: "http://x; script-src *" }),
    ).toThrow(/STREAM_CONNECT_SOURCES/);
    expect(() => loadConfig({ STREAM_CONNECT_SOURCES: "*" })).toThrow();
  });
});

describe("MAIL_LINKS_PER_IP_PER_HOUR", () => {
  it("is 10 by default, 0 for no limit, and refuses anything but a count", () => {
    expect(loadConfig({}).mail.linksPerIpPerHour).toBe(10);
    expect(
      loadConfig({ MAIL_LINKS_PER_IP_PER_HOUR: "0" }).mail.linksPerIpPerHour,
    ).toBe(0);
    expect(() => loadConfig({ MAIL_LINKS_PER_IP_PER_HOUR: "many" })).toThrow(
      /MAIL_LINKS_PER_IP_PER_HOUR must be a whole number/,
    );
  });
});
