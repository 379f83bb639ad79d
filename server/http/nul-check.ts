interface Visit {
  item: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent)
    path.push(at.key!);
  return path.reverse();
}

/**
 * Finds a string holding a NUL character anywhere in a parsed request value. PostgreSQL
 * text cannot store NUL, so such input is refused up front on both stores, the same way.
 * Answers the path to the first one, or undefined. Iterative and linear (paths are only
 * built for a hit), so a hostile, deeply nested body costs no more than its size.
 */
export function findNulCharacter(
  value: unknown,
): (string | number)[] | undefined {
  const pending: Visit[] = [{ item: value, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { item } = visit;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return pathOf(visit);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) {
        pending.push({ item: item[i], key: i, parent: visit });
      }
    } else if (item && typeof item === "object") {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (key.includes("\u0000")) return [...pathOf(visit), key];
        pending.push({ item: child, key, parent: visit });
      }
    }
  }
  return undefined;
}
