type Tree = Record<string, unknown>;

function isTree(value: unknown): value is Tree {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Merges message trees; later trees win, nested objects merge rather than replace. */
export function deepMerge(...trees: Tree[]): Tree {
  const result: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = result[key];
      result[key] =
        isTree(existing) && isTree(value) ? deepMerge(existing, value) : value;
    }
  }
  return result;
}

/** Every leaf of a message tree as "a.b.c" → string. */
export function flattenMessages(
  tree: Tree,
  prefix = "",
  into: Record<string, string> = {},
) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTree(value)) flattenMessages(value, path, into);
    else into[path] = String(value);
  }
  return into;
}

/** Turns flat "a.b.c" → string messages (as common/ keeps them) into a message tree. */
export function nestMessages(flat: Record<string, string>): Tree {
  const root: Tree = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
    node[parts[parts.length - 1]!] = text;
  }
  return root;
}
