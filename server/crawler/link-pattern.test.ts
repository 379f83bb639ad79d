import { describe, expect, test } from "vitest";
import { compileLinkPattern, MAX_LINK_LENGTH } from "./link-pattern.js";
import { followableLinks, loadPage } from "./extract.js";

const site = new URL("https://church.example.org/");

describe("compileLinkPattern (issue 25 item 2)", () => {
  test("matches as RegExp.test did on ordinary patterns and addresses", () => {
    const cases: [string, string][] = [
      ["/posts/\\d+", "https://church.example.org/posts/12"],
      ["/posts/\\d+", "https://church.example.org/about"],
      [
        "^https://church\\.example\\.org/(sermons|articles)/",
        "https://church.example.org/articles/3",
      ],
      [
        "^https://church\\.example\\.org/(sermons|articles)/",
        "https://www.church.example.org/articles/3",
      ],
      ["\\.html$", "https://church.example.org/a/b.html"],
      ["[?&]page=[0-9]{1,3}", "https://church.example.org/list?x=1&page=20"],
    ];
    for (const [source, url] of cases) {
      expect(compileLinkPattern(source)!.test(url), `${source} ${url}`).toBe(
        new RegExp(source).test(url),
      );
    }
  });

  test("(a+)+b against the longest link followed takes milliseconds, not hours", () => {
    const pattern = compileLinkPattern("(a+)+b")!;
    const link = `https://church.example.org/${"a".repeat(MAX_LINK_LENGTH - 30)}`;
    expect(link.length).toBeLessThanOrEqual(MAX_LINK_LENGTH);
    const started = performance.now();
    for (let i = 0; i < 100; i++) expect(pattern.test(link)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
    expect(pattern.test(`${link}b`)).toBe(true);
  });

  test("a crawl's page of hostile links is matched quickly (followableLinks, as a run does)", async () => {
    const links = Array.from(
      { length: 500 },
      (_, i) => `<a href="/${"a".repeat(40 + (i % 50))}">x</a>`,
    ).join("");
    const $ = await loadPage(
      `<html><body>${links}<a href="/ab">y</a></body></html>`,
    );
    const started = performance.now();
    const found = followableLinks(
      $,
      site.href,
      [site],
      compileLinkPattern("(a+)+b")!,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(found).toEqual(["https://church.example.org/ab"]);
  });

  test("links longer than MAX_LINK_LENGTH are never followed", async () => {
    const long = `/${"p".repeat(MAX_LINK_LENGTH)}`;
    const $ = await loadPage(`<a href="${long}">x</a><a href="/short">y</a>`);
    expect(followableLinks($, site.href, [site], null)).toEqual([
      "https://church.example.org/short",
    ]);
  });

  test("patterns only a backtracking engine runs, and bad ones, are refused", () => {
    for (const source of [
      "(a)\\1",
      "(?=a)b",
      "(?!a)b",
      "(?<=a)b",
      "([",
      "(?:(?:a{1000}){1000}){1000}",
    ])
      expect(compileLinkPattern(source), source).toBeUndefined();
  });
});
