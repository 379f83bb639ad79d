import { expect, test } from "vitest";
import { isAdminSpaRoute, isPublicSiteRoute } from "./app-routes";

test("each path belongs to the app the design gives it", () => {
  for (const path of [
    "/",
    "/login",
    "/admin",
    "/admin/tagManage",
    "/admin/system/userManage",
    "/test/tree",
    "/ubTest4",
  ]) {
    expect(isAdminSpaRoute(path), path).toBe(true);
    expect(isPublicSiteRoute(path), path).toBe(false);
  }
  for (const path of [
    "/ask",
    "/topicDetail",
    "/choicenessCommon",
    "/tagList",
    "/sermons",
    "/sermons/12",
    "/articles",
    "/articles/3",
    "/docs",
    "/docs/4",
  ]) {
    expect(isPublicSiteRoute(path), path).toBe(true);
    expect(isAdminSpaRoute(path), path).toBe(false);
  }
  for (const path of [
    "/administrator",
    "/ubTest5",
    "/ask/more",
    "/loginx",
    "/tjc/tags",
    "/tjc/docs",
    "/articlesx",
    "/docsy",
  ]) {
    expect(isAdminSpaRoute(path) || isPublicSiteRoute(path), path).toBe(false);
  }
});
