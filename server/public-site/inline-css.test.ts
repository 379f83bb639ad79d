import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { inlineStylesheets } from "./inline-css.js";

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-inline-css-"));
fs.mkdirSync(path.join(webDir, "assets"));
fs.writeFileSync(path.join(webDir, "assets/small.css"), "body{margin:0}");
fs.writeFileSync(
  path.join(webDir, "assets/large.css"),
  `p{color:red}${" ".repeat(20 * 1024)}`,
);
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const link = (file: string) =>
  `<link rel="stylesheet" crossorigin href="/assets/${file}">`;

test("a small stylesheet goes into the page", () => {
  expect(inlineStylesheets(`<head>${link("small.css")}</head>`, webDir)).toBe(
    "<head><style>body{margin:0}</style></head>",
  );
});

test("a large or missing stylesheet stays a link", () => {
  const html = `${link("large.css")}${link("missing.css")}`;
  expect(inlineStylesheets(html, webDir)).toBe(html);
});
