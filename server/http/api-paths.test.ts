import { describe, expect, it } from "vitest";
import { isApiDocsPath, isApiPath, pathOf } from "./api-paths.js";

describe("API paths", () => {
  it("takes the path of a URL, query and all", () => {
    expect(pathOf("/tjc/tags?range=[0,9]")).toBe("/tjc/tags");
    expect(pathOf("/tjc?x=1")).toBe("/tjc");
    expect(pathOf("/login")).toBe("/login");
  });

  it("tells the API and its docs page apart from look-alike paths", () => {
    expect(["/tjc", "/tjc/", "/tjc/tags", "/tjc/docs"].map(isApiPath)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["/tjc-config.js", "/tjcx", "/", "/ask"].map(isApiPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(
      ["/tjc/docs", "/tjc/docs/json", "/tjc/docsx", "/tjc/tags"].map(
        isApiDocsPath,
      ),
    ).toEqual([true, true, false, false]);
  });
});
