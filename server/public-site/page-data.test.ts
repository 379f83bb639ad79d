import type { FastifyRequest } from "fastify";
import { describe, expect, test } from "vitest";
import { matchAcceptLanguage, pickLanguage } from "../../common/codes.js";
import { pageLanguage } from "./page-data.js";

const request = (headers: Record<string, string>) =>
  ({ headers }) as unknown as FastifyRequest;

describe("the public site's reader language", () => {
  test("the aid-language cookie comes first", () => {
    expect(
      pageLanguage(
        request({ cookie: "aid-language=zh-CN", "accept-language": "en-US" }),
        "en-US",
      ),
    ).toBe("zh-CN");
  });
  test("then the first supported Accept-Language", () => {
    expect(
      pageLanguage(
        request({ "accept-language": "fr-FR, zh-TW;q=0.5" }),
        "en-US",
      ),
    ).toBe("zh-CN");
    expect(pageLanguage(request({ "accept-language": "en-GB" }), "zh-CN")).toBe(
      "en-US",
    );
  });
  test("then the ministry's default language", () => {
    expect(pageLanguage(request({ "accept-language": "fr-FR" }), "en-US")).toBe(
      "en-US",
    );
    expect(pageLanguage(request({}), "en-US")).toBe("en-US");
    expect(pageLanguage(request({ cookie: "aid-language=fr" }), "en-US")).toBe(
      "en-US",
    );
  });
  test("then zh-CN", () => {
    expect(pageLanguage(request({ "accept-language": "fr-FR" }))).toBe("zh-CN");
  });
});

describe("Accept-Language matching", () => {
  test("matchAcceptLanguage answers null when nothing is supported; pickLanguage zh-CN", () => {
    expect(matchAcceptLanguage("fr-FR, de;q=0.8")).toBeNull();
    expect(matchAcceptLanguage("")).toBeNull();
    expect(matchAcceptLanguage("fr, en;q=0.1, zh;q=0")).toBe("en-US");
    expect(pickLanguage("fr-FR")).toBe("zh-CN");
  });
});
