import { describe, expect, it } from "vitest";
import { loginPathFor, safeToPath } from "./sessionExpiry";

describe("loginPathFor", () => {
  it("passes the blocked path as toPath", () => {
    expect(loginPathFor("/admin/tagManage")).toBe(
      "/login?toPath=%2Fadmin%2FtagManage",
    );
    expect(loginPathFor("/admin/x?page=2")).toBe(
      "/login?toPath=%2Fadmin%2Fx%3Fpage%3D2",
    );
  });

  it("adds no toPath for the root or the login page", () => {
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("/login")).toBe("/login");
    expect(loginPathFor("/login?toPath=%2Fadmin")).toBe("/login");
    expect(loginPathFor("")).toBe("/login");
  });
});

describe("safeToPath", () => {
  it("follows a path inside the app", () => {
    expect(safeToPath("/admin/tagManage")).toBe("/admin/tagManage");
    expect(safeToPath("/admin/x?page=2")).toBe("/admin/x?page=2");
  });

  it("falls back to the admin home for anything else", () => {
    for (const bad of [
      null,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil",
      "/\t/evil.example", // browsers drop the tab: "//evil.example"
      "/\n/evil.example",
      "/ /evil.example",
      "/\u007f/evil.example",
      "admin",
      "/",
      "/login",
    ]) {
      expect(safeToPath(bad)).toBe("/admin");
    }
  });
});
