import http from "node:http";
import type { AddressInfo } from "node:net";
import { IMAGE_SAMPLES } from "../services/image-samples.js";

/** A request the test site answered: its path and when it came. */
export interface SiteHit {
  path: string;
  at: number;
  userAgent: string | undefined;
}

export interface TestSite {
  origin: string;
  hits: SiteHit[];
  close(): Promise<void>;
}

/**
 * The `a`s of /hostile's link: `(a+)+b` against it backtracked for about 2.6 s in a
 * native RegExp on this machine (issue 25 item 2), enough for a test to see the block.
 */
export const HOSTILE_LINK_AS = 25;

const page = (title: string, body: string, head = "") => `<!doctype html>
<html><head><title>${title}</title>${head}</head>
<body><nav><a href="/">Home</a></nav>
<h1 class="title">${title}</h1>
<span class="author">张弟兄</span>
<time class="date" datetime="2024-05-01T08:00:00Z">2024年5月1日</time>
<article class="content">${body}</article>
</body></html>`;

/**
 * A small site served on loopback for the crawler's tests: an index linking to posts
 * (two of them duplicates: one by content, one by canonical URL), a robots.txt that
 * disallows /private/, an image, an off-site redirect, an oversized page and a link hostile to backtracking regexps.
 */
export async function startTestSite(): Promise<TestSite> {
  const hits: SiteHit[] = [];
  let origin = "";
  const routes: Record<
    string,
    () => {
      type: string;
      body: string | Uint8Array;
      status?: number;
      headers?: Record<string, string>;
    }
  > = {
    "/robots.txt": () => ({
      type: "text/plain",
      body: "User-agent: *\nDisallow: /private/\n",
    }),
    "/": () => ({
      type: "text/html; charset=utf-8",
      body: `<!doctype html><html><body>
        <a href="/posts/1">one</a> <a href="/posts/1#comments">one again</a>
        <a href="posts/2">two</a> <a href="/posts/3">three</a>
        <a href="/posts/4?from=index">four</a>
        <a href="/private/secret">secret</a> <a href="/about">about</a>
        <a href="http://example.invalid/posts/9">elsewhere</a>
        <a href="mailto:someone@example.org">mail</a>
      </body></html>`,
    }),
    "/posts/1": () => ({
      type: "text/html; charset=utf-8",
      body: page(
        "第一篇讲道",
        `<p>起初，神创造天地。</p><script>alert(1)</script><p onclick="x()">地是空虚混沌。</p><img src="/img/a.png" alt="图">`,
        `<link rel="canonical" href="${origin}/posts/1"><meta property="og:image" content="/img/a.png">`,
      ),
    }),
    "/posts/2": () => ({
      type: "text/html; charset=utf-8",
      body: page(
        "第二篇讲道",
        `<p>要爱人如己。</p><a href="/posts/1">see one</a>`,
      ),
    }),
    // The same text as /posts/1 under another address: a duplicate by content.
    "/posts/3": () => ({
      type: "text/html; charset=utf-8",
      body: page(
        "第一篇讲道（转载）",
        `<p>起初，神创造天地。</p><p>地是空虚混沌。</p>`,
      ),
    }),
    // Names /posts/2 as its canonical address: a duplicate by URL.
    "/posts/4": () => ({
      type: "text/html; charset=utf-8",
      body: page(
        "第二篇讲道（另一个地址）",
        `<p>另一段文字，不同的内容。</p>`,
        `<link rel="canonical" href="/posts/2">`,
      ),
    }),
    "/private/secret": () => ({
      type: "text/html",
      body: page("secret", "<p>secret</p>"),
    }),
    "/about": () => ({
      type: "text/html",
      body: page("about", "<p>about</p>"),
    }),
    "/img/a.png": () => ({ type: "image/png", body: IMAGE_SAMPLES.png }),
    "/redirect-off": () => ({
      type: "text/html",
      body: "",
      status: 302,
      headers: { location: "http://example.invalid/elsewhere" },
    }),
    "/redirect-on": () => ({
      type: "text/html",
      body: "",
      status: 301,
      headers: { location: "/posts/2" },
    }),
    // One link that makes a backtracking engine take seconds on `(a+)+b`.
    "/hostile": () => ({
      type: "text/html; charset=utf-8",
      body: `<!doctype html><html><body><a href="/${"a".repeat(HOSTILE_LINK_AS)}">a</a></body></html>`,
    }),
    "/big": () => ({
      type: "text/html",
      body: `<html><body>${"x".repeat(5 * 1024 * 1024 + 10)}</body></html>`,
    }),
  };
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.push({
      path,
      at: Date.now(),
      userAgent: request.headers["user-agent"],
    });
    const route = routes[path];
    if (!route) {
      response
        .writeHead(404, { "content-type": "text/plain" })
        .end("not found");
      return;
    }
    const answer = route();
    response
      .writeHead(answer.status ?? 200, {
        "content-type": answer.type,
        ...answer.headers,
      })
      .end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
