import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { regionCodeSchema } from "../../../common/regions.js";
import { countryCodeSchema } from "../../../common/countries.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { etagMatches, REFERENCE_CACHE_CONTROL } from "./index.js";

interface RegionRow {
  regionCode: string;
  regionName: string;
  regionLevel: string;
}
interface CountryRow {
  countryCode: string;
  countryName: string;
  countryEnName: string;
}

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});

afterAll(async () => {
  await testApp.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: "GET", url, headers });
}

describe("GET /tjc/regions", () => {
  it("is public: answers without a session", async () => {
    const response = await get("/tjc/regions");
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(0);
  });

  it("answers the whole flat list ordered by code", async () => {
    const body = (await get("/tjc/regions")).json();
    const list = body.data.list as RegionRow[];
    expect(body.data.total).toBe(list.length);
    expect(list.length).toBeGreaterThan(3200);
    expect(list[0]).toEqual({
      regionCode: "110000",
      regionName: "北京市",
      regionLevel: "1",
    });
    const codes = list.map((r) => r.regionCode);
    expect([...codes].sort()).toEqual(codes);
  });

  it("answers a province's cities for ?parentCode=", async () => {
    const body = (await get("/tjc/regions?parentCode=440000")).json();
    const list = body.data.list as RegionRow[];
    expect(
      list.every((r) => r.regionLevel === "2" && r.regionCode.startsWith("44")),
    ).toBe(true);
    expect(list).toContainEqual({
      regionCode: "441900",
      regionName: "东莞市",
      regionLevel: "2",
    });
    expect(body.data.total).toBe(list.length);
  });

  it("answers no children for Dongguan and for Hong Kong", async () => {
    for (const code of ["441900", "810000"]) {
      const body = (await get(`/tjc/regions?parentCode=${code}`)).json();
      expect(body).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    }
  });

  it("answers the provinces for ?level=1", async () => {
    const list = (await get("/tjc/regions?level=1")).json().data
      .list as RegionRow[];
    expect(list).toHaveLength(34);
    expect(list.map((r) => r.regionCode)).toContain("820000");
  });

  it.each([
    ["not six digits", "4400"],
    ["letters", "44000a"],
    ["a code of no level", "000000"],
    ["an unknown code", "449900"],
    ["an empty value", ""],
  ])("rejects %s as parentCode with 40000", async (_label, parentCode) => {
    const response = await get(
      `/tjc/regions?parentCode=${encodeURIComponent(parentCode)}`,
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(40000);
    expect(typeof body.data.errors.parentCode).toBe("string");
    expect(body.data.errors.parentCode).not.toMatch(/^reference\./);
  });

  it("says what is wrong in the caller's language", async () => {
    const en = (
      await get("/tjc/regions?parentCode=449900", {
        "accept-language": "en-US",
      })
    ).json();
    expect(en.data.errors.parentCode).toBe("No region has this code");
    const zh = (
      await get("/tjc/regions?parentCode=4400", { "accept-language": "zh-CN" })
    ).json();
    expect(zh.data.errors.parentCode).toBe("地区代码应为 6 位数字");
  });

  it("rejects an unknown level with 40000", async () => {
    const response = await get("/tjc/regions?level=4");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(40000);
  });

  it("sends an ETag and Cache-Control, and 304 on If-None-Match", async () => {
    const first = await get("/tjc/regions?parentCode=440000");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe(REFERENCE_CACHE_CONTROL);
    expect(String(first.headers.vary)).toMatch(/accept-language/i);

    const again = await get("/tjc/regions?parentCode=440000", {
      "if-none-match": etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    const stale = await get("/tjc/regions?parentCode=440000", {
      "if-none-match": 'W/"old"',
    });
    expect(stale.statusCode).toBe(200);
  });

  it("gives each list and each language its own ETag", async () => {
    const all = (await get("/tjc/regions")).headers.etag;
    const children = (await get("/tjc/regions?parentCode=440000")).headers.etag;
    const english = (await get("/tjc/regions", { "accept-language": "en-US" }))
      .headers.etag;
    expect(new Set([all, children, english]).size).toBe(3);
    const crossed = await get("/tjc/regions", {
      "if-none-match": String(children),
    });
    expect(crossed.statusCode).toBe(200);
  });
});

describe("GET /tjc/countries", () => {
  it("is public and answers about 250 countries with both names", async () => {
    const response = await get("/tjc/countries");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const list = body.data.list as CountryRow[];
    expect(body.code).toBe(0);
    expect(list.length).toBeGreaterThanOrEqual(245);
    expect(body.data.total).toBe(list.length);
    expect(list).toContainEqual({
      countryCode: "CN",
      countryName: "中国",
      countryEnName: "People's Republic of China",
    });
  });

  it("sends an ETag and answers 304 on If-None-Match", async () => {
    const first = await get("/tjc/countries");
    expect(first.headers["cache-control"]).toBe(REFERENCE_CACHE_CONTROL);
    const again = await get("/tjc/countries", {
      "if-none-match": String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });
});

describe("validation wherever a region or country is accepted", () => {
  it("rejects unknown codes once the server has loaded the lists", () => {
    const resource = z.object({
      regionCode: regionCodeSchema,
      countryCode: countryCodeSchema,
    });
    expect(
      resource.safeParse({ regionCode: "441900", countryCode: "CN" }).success,
    ).toBe(true);
    expect(
      resource.safeParse({ regionCode: "449900", countryCode: "CN" }).success,
    ).toBe(false);
    expect(
      resource.safeParse({ regionCode: "441900", countryCode: "ZZ" }).success,
    ).toBe(false);
  });
});

describe("OpenAPI", () => {
  it("documents both routes and the regions query", async () => {
    const document = (await get("/tjc/docs/json")).json();
    expect(document.paths["/tjc/countries"].get).toBeDefined();
    const parameters = document.paths["/tjc/regions"].get.parameters as {
      name: string;
    }[];
    expect(parameters.map((p) => p.name).sort()).toEqual([
      "level",
      "parentCode",
    ]);
  });
});

describe("etagMatches", () => {
  it("compares weakly and understands lists and *", () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches("*", 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
