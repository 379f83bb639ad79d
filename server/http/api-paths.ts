/** Where the /tjc API lives, and its documentation page (swagger-ui) within it. */
export const API_PREFIX = "/tjc";
export const API_DOCS_PREFIX = "/tjc/docs";

/** The path of a URL: a request's `url` carries its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** A path of the /tjc API, its documentation page included. */
export function isApiPath(path: string): boolean {
  return isUnder(path, API_PREFIX);
}

/** A path of the API's documentation page: a page, not an API answer. */
export function isApiDocsPath(path: string): boolean {
  return isUnder(path, API_DOCS_PREFIX);
}
