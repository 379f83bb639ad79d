import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FetchRefused, isPublicAddress, safeFetch } from "./safe-fetch.js";
import { startTestSite, type TestSite } from "./test-site.js";

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(async () => {
  await site.close();
});

const refusedFor = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return (error as FetchRefused).reason;
};

const strict = { allowPrivate: false, userAgent: "test" };
const relaxed = { allowPrivate: true, userAgent: "test" };

describe("isPublicAddress", () => {
  test.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "2002:7f00:1::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  test.each([
    "93.184.216.34",
    "8.8.8.8",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
  ])("accepts %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("safeFetch with SPIDER_ALLOW_PRIVATE off", () => {
  test("refuses schemes other than http and https", async () => {
    expect(await refusedFor(safeFetch("file:///etc/passwd", strict))).toBe(
      "scheme",
    );
    expect(await refusedFor(safeFetch("ftp://example.org/", strict))).toBe(
      "scheme",
    );
    expect(await refusedFor(safeFetch("gopher://127.0.0.1/", strict))).toBe(
      "scheme",
    );
  });

  test("refuses a loopback literal before connecting", async () => {
    const before = site.hits.length;
    expect(await refusedFor(safeFetch(`${site.origin}/`, strict))).toBe(
      "address",
    );
    expect(site.hits.length).toBe(before);
  });

  test("refuses private, link-local and IPv6 loopback literals", async () => {
    for (const url of [
      "http://10.0.0.1/",
      "http://192.168.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      expect(await refusedFor(safeFetch(url, strict))).toBe("address");
    }
  });

  test("refuses a name that resolves to loopback, after DNS resolution", async () => {
    const port = new URL(site.origin).port;
    const before = site.hits.length;
    const error = await safeFetch(`http://localhost:${port}/`, strict).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as FetchRefused).reason).toBe("address");
    expect((error as Error).message).toMatch(/resolves to/);
    expect(site.hits.length).toBe(before);
  });
});

describe("safeFetch with SPIDER_ALLOW_PRIVATE on (the tests' loopback site)", () => {
  test("fetches a page and a same-site redirect", async () => {
    const page = await safeFetch(`${site.origin}/posts/2`, relaxed);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("第二篇讲道");
    const moved = await safeFetch(`${site.origin}/redirect-on`, relaxed);
    expect(moved.url).toBe(`${site.origin}/posts/2`);
    expect(moved.status).toBe(200);
  });

  test("refuses a redirect off the site", async () => {
    expect(
      await refusedFor(safeFetch(`${site.origin}/redirect-off`, relaxed)),
    ).toBe("redirect");
  });

  test("refuses a response over 5 MB", async () => {
    expect(await refusedFor(safeFetch(`${site.origin}/big`, relaxed))).toBe(
      "size",
    );
  });

  test("answers a 404 with its status (robots.txt needs it)", async () => {
    const missing = await safeFetch(`${site.origin}/nothing-here`, relaxed);
    expect(missing.status).toBe(404);
  });
});
