import { useEffect, useState } from "react";
import { mainClient } from "../../http";

/** Waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;

/**
 * The options of a picker that searches as the moderator types: `query(text)` gives the
 * request's parameters; the answer's `list` is the options (none when the call fails;
 * the client has shown why).
 */
export function useLookup<T>(
  path: string,
  input: string,
  query: (text: string) => Record<string, string>,
): { options: T[]; loading: boolean } {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const params = JSON.stringify(query(input.trim()));
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      mainClient
        .get<{ list: T[] }>(path, {
          ...(JSON.parse(params) as Record<string, string>),
          _loading: false,
        })
        .then(({ data }) => live && setOptions(data.list))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, params]);
  return { options, loading };
}
