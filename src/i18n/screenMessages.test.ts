import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_MESSAGES, type Feature } from "./featureMessages";

/**
 * Each feature's messages load with its screens (lazyChunk's third argument), not with
 * the shell. These tests read the sources: every lazy page must declare the features
 * whose keys its code (and the code it imports) uses, and the shell must use none.
 */
const ROOT = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, into);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$|\.d\.ts$/.test(entry))
      into.push(path);
  }
  return into;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const STATIC_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']|(?:^|\n)\s*import\s+["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']([^"']+)["']\s*\)/g;

function imports(file: string, dynamic: boolean): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(STATIC_IMPORT)].map(
    (m) => m[1] ?? m[2]!,
  );
  if (dynamic)
    specifiers.push(...[...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!));
  return specifiers
    .map((specifier) => resolveImport(file, specifier))
    .filter((path): path is string => path !== null);
}

/** The files a module loads: statically, and with `dynamic` its import()s too. */
function closure(roots: string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...imports(file, dynamic));
  }
  return seen;
}

/** Which feature owns a key prefix: `system`, `resources.admin/system/userManage`, `ra.tiptap`. */
async function owners(): Promise<Map<string, Feature>> {
  const map = new Map<string, Feature>();
  for (const [feature, load] of Object.entries(FEATURE_MESSAGES)) {
    const messages = (await load())["zh-CN"];
    for (const [key, value] of Object.entries(messages)) {
      if (key === "resources" || key === "ra")
        for (const sub of Object.keys(value as object))
          map.set(`${key}.${sub}`, feature as Feature);
      else map.set(key, feature as Feature);
    }
  }
  return map;
}

/** The features whose keys a file's string literals name. */
function featuresUsed(file: string, owner: Map<string, Feature>): Set<Feature> {
  const text = readFileSync(file, "utf8");
  const used = new Set<Feature>();
  for (const m of text.matchAll(/["'`]([a-z_]+)\.([\w/]+)/g)) {
    const prefix =
      m[1] === "resources" || m[1] === "ra" ? `${m[1]}.${m[2]}` : m[1]!;
    const feature = owner.get(prefix);
    if (feature) used.add(feature);
  }
  return used;
}

interface LazyPage {
  file: string;
  chunk: string;
  roots: string[];
  declared: Feature[];
}

/** Every lazyChunk(...) call: its chunk's modules and the features it declares. */
function lazyPages(): LazyPage[] {
  const pages: LazyPage[] = [];
  for (const file of sourceFiles(join(ROOT, "src"))) {
    const text = readFileSync(file, "utf8");
    if (file.endsWith("layout/chunks.tsx")) continue;
    for (const start of [...text.matchAll(/\blazyChunk\(/g)].map(
      (m) => m.index! + m[0].length,
    )) {
      let depth = 1;
      let end = start;
      while (depth > 0 && end < text.length) {
        if (text[end] === "(") depth += 1;
        if (text[end] === ")") depth -= 1;
        end += 1;
      }
      const call = text.slice(start, end - 1);
      const chunk = /^\s*["']([^"']+)["']/.exec(call)?.[1] ?? "?";
      // a page loaded through a helper (`const load = () => import(...)`) takes the file's import()s
      const source = DYNAMIC_IMPORT.test(call) ? call : text;
      DYNAMIC_IMPORT.lastIndex = 0;
      const roots = [...source.matchAll(DYNAMIC_IMPORT)]
        .map((m) => resolveImport(file, m[1]!))
        .filter((path): path is string => path !== null);
      const declaredText = /,\s*\[([^\]]*)\]\s*,?\s*$/.exec(call)?.[1] ?? "";
      const declared = [...declaredText.matchAll(/["'](\w+)["']/g)].map(
        (m) => m[1] as Feature,
      );
      pages.push({ file, chunk, roots, declared });
    }
  }
  return pages;
}

describe("each feature's messages load with its screens", () => {
  const pages = lazyPages();

  it("finds the lazy pages and their modules", () => {
    expect(pages.length).toBeGreaterThan(60);
    for (const page of pages)
      expect(
        page.roots.length,
        `${page.chunk} in ${page.file}`,
      ).toBeGreaterThan(0);
  });

  it("declares on every lazy page the features whose keys its code uses", async () => {
    const owner = await owners();
    const missing: string[] = [];
    for (const page of pages) {
      const used = new Set<Feature>();
      for (const file of closure(page.roots, true))
        for (const feature of featuresUsed(file, owner)) used.add(feature);
      const lacking = [...used].filter((f) => !page.declared.includes(f));
      if (lacking.length > 0)
        missing.push(
          `${page.chunk} (${relative(ROOT, page.file)}): ${lacking.join(", ")}`,
        );
    }
    expect(missing).toEqual([]);
  });

  it("declares on a resource's pages the feature that names its fields", async () => {
    const owner = await owners();
    // The resource list names each manifest's file; a manifest names its resource by
    // its page (`admin/<page>`) or by `name`.
    const list = join(ROOT, "src/resources/index.ts");
    const lacking: string[] = [];
    let checked = 0;
    for (const file of new Set(imports(list, false))) {
      const text = readFileSync(file, "utf8");
      const names = [
        ...[...text.matchAll(/^\s*page: "([^"]+)",$/gm)].map(
          (m) => `admin/${m[1]}`,
        ),
        ...[...text.matchAll(/^\s*name: "([^"]+)",$/gm)].map((m) => m[1]!),
      ];
      for (const name of names) {
        const feature = owner.get(`resources.${name}`);
        if (!feature) continue;
        for (const page of pages.filter((p) => p.file === file)) {
          checked += 1;
          if (!page.declared.includes(feature))
            lacking.push(`${page.chunk} (${name}): ${feature}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(lacking).toEqual([]);
  });

  it("keeps every feature's messages and keys out of the first chunk", async () => {
    const owner = await owners();
    const shell = closure([join(ROOT, "src/main.tsx")], false);
    expect(shell.has(join(ROOT, "src/layout/Layout.tsx"))).toBe(true);
    const messageModules = [
      ...readFileSync(
        join(ROOT, "src/i18n/featureMessages.ts"),
        "utf8",
      ).matchAll(DYNAMIC_IMPORT),
    ].map((m) =>
      resolveImport(join(ROOT, "src/i18n/featureMessages.ts"), m[1]!),
    );
    expect(messageModules.length).toBeGreaterThan(10);
    for (const module of messageModules)
      expect(shell.has(module!), relative(ROOT, module!)).toBe(false);
    const used: string[] = [];
    for (const file of shell)
      for (const feature of featuresUsed(file, owner))
        used.push(`${relative(ROOT, file)}: ${feature}`);
    expect(used).toEqual([]);
  });
});
