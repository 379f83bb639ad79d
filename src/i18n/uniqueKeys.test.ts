import { describe, expect, it } from "vitest";
import { RESOURCES } from "../resources";

/**
 * One definition per message key: every message fragment of the admin (each area's
 * messages.ts, the app's own and each resource manifest's: its record's name and list
 * title) is merged into one catalogue per language, where a key defined twice silently
 * takes the later fragment's text. That is how the bulk-publish notice of the audio,
 * video and document lists came to show a literal `%{count}`.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ["../**/messages.ts", "../**/appMessages.ts"],
  { eager: true },
);

type Fragment = { where: string; messages: Record<string, unknown> };

function fragments(): Fragment[] {
  const found: Fragment[] = [];
  for (const [path, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      // The shell's catalogue is the merge of react-admin's and the app's fragments.
      if (name === "catalogue") continue;
      if (!value || typeof value !== "object") continue;
      const byLanguage = value as Record<string, unknown>;
      for (const language of ["zh-CN", "en-US"]) {
        const messages = byLanguage[language];
        if (messages && typeof messages === "object")
          found.push({
            where: `${path} ${name} ${language}`,
            messages: messages as Record<string, unknown>,
          });
      }
    }
  }
  for (const manifest of RESOURCES)
    for (const language of ["zh-CN", "en-US"] as const)
      if (manifest.messages)
        found.push({
          where: `manifest ${manifest.name} ${language}`,
          messages: manifest.messages[language],
        });
  return found;
}

function leafKeys(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? leafKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe("message keys", () => {
  it("reads the fragments of every area", () => {
    const where = fragments().map((fragment) => fragment.where);
    expect(where.some((w) => w.includes("resources/system/messages"))).toBe(
      true,
    );
    expect(where.some((w) => w.includes("appMessages"))).toBe(true);
    expect(where.length).toBeGreaterThan(20);
    expect(
      where.filter((w) => w.startsWith("manifest ")).length,
    ).toBeGreaterThan(40);
  });

  it("no key is defined by two fragments", () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const { where, messages } of fragments()) {
      const language = where.slice(where.lastIndexOf(" ") + 1);
      for (const key of leafKeys(messages)) {
        const id = `${language} ${key}`;
        const first = owner.get(id);
        if (first && first !== where)
          twice.push(`${id}: ${first} and ${where}`);
        else owner.set(id, where);
      }
    }
    expect(twice).toEqual([]);
  });

  it("leaves a record's name and its list's title to the resource's manifest", () => {
    const owned = /^resources\.[^.]+\.(name|page\.list)$/;
    const elsewhere = fragments()
      .filter((fragment) => !fragment.where.startsWith("manifest "))
      .flatMap(({ where, messages }) =>
        leafKeys(messages)
          .filter((key) => owned.test(key))
          .map((key) => `${where}: ${key}`),
      );
    expect(elsewhere).toEqual([]);
  });
});
