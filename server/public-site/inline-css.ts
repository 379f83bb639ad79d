/**
 * Puts the public site's stylesheet into its page. It is a few KB, and as a separate file
 * it costs a phone on a slow network one more round trip before anything is painted
 * (Lighthouse's first contentful paint); the page's CSP allows inline styles.
 */
import fs from "node:fs";
import path from "node:path";

const STYLESHEET =
  /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
/** Larger sheets stay files: the browser caches them across pages. */
const INLINE_LIMIT_BYTES = 16 * 1024;

export function inlineStylesheets(html: string, webDir: string): string {
  return html.replace(STYLESHEET, (link, file: string) => {
    let css: string;
    try {
      css = fs.readFileSync(path.join(webDir, file), "utf8");
    } catch {
      return link;
    }
    if (Buffer.byteLength(css) > INLINE_LIMIT_BYTES || css.includes("</")) {
      return link;
    }
    return `<style>${css}</style>`;
  });
}
