import { RE2JS } from "re2js";

/**
 * A source's `linkPattern`, compiled for RE2 (re2js, a pure-JavaScript port): matching
 * takes time linear in the address's length whatever the pattern, so a pattern such as
 * `(a+)+b` cannot freeze the server the way a backtracking `RegExp` did (issue 25 item
 * 2). Both the scheduled crawl and `POST /tjc/spiders/test` match through this.
 */
export interface LinkPattern {
  /** Whether the pattern matches somewhere in the address (as RegExp.test did). */
  test(url: string): boolean;
}

/**
 * Links longer than this are not followed: the same bound as a start address
 * (common/schemas/spider.ts), and it keeps a page's matching short however long its links.
 */
export const MAX_LINK_LENGTH = 2048;

/** Compiles a pattern; undefined when RE2 refuses it (its syntax, or it is too large). */
export function compileLinkPattern(source: string): LinkPattern | undefined {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch {
    // RE2JSSyntaxException and the others: back-references and look-around (which only
    // a backtracking engine can run), a bad escape, or "expression too large".
    return undefined;
  }
  return {
    test: (url) => url.length <= MAX_LINK_LENGTH && compiled.test(url),
  };
}
