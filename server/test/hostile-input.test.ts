import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "./helper.js";
import { MAX_LISTED_PROBLEMS } from "../http/zod-validator.js";

/**
 * A safety net over every documented /tjc route, present and future: hostile input from a
 * logged-in administrator must get an envelope answer below 500, never a crash or a hang.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
});
afterAll(async () => {
  await t.close();
});

const deeplyNested = "[".repeat(50_000) + "]".repeat(50_000);
const hostileBodies: (string | undefined)[] = [
  undefined,
  "",
  "null",
  "[]",
  "0",
  '"text"',
  "{",
  deeplyNested,
  JSON.stringify({
    id: "1; DROP TABLE tags",
    name: { $gt: "" },
    version: -1,
    ids: ["x"],
  }),
  JSON.stringify({
    name: "a\u0000b",
    ids: [1e308],
    action: "delete",
    data: [],
  }),
  JSON.stringify({
    __proto__: { admin: true },
    constructor: { prototype: {} },
  }),
];
const hostileQueries = [
  "",
  "?sort=%00&range=%5B1e400%5D&filter=%7B",
  "?sort=%5B%22name%22%2C%22ASC%22%2C3%5D&range=%5B0%2C1%2C2%5D&filter=%5B%5D",
  "?filter=" + encodeURIComponent(JSON.stringify({ q: "x".repeat(5000) })),
  "?filter=" +
    encodeURIComponent(JSON.stringify({ q: ["a"], id: { $in: [1] } })),
  "?parentCode=%00&format=xlsx",
];
const hostileIds = [
  "0",
  "-1",
  "1e3",
  "NaN",
  "%00",
  "9".repeat(40),
  "..%2F..%2Fetc%2Fpasswd",
];

test("no hostile request to any documented route answers 500", async () => {
  const document = (
    await t.request({ method: "GET", url: "/tjc/docs/json" })
  ).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      path,
      method: method.toUpperCase(),
    })),
  );
  expect(routes.length).toBeGreaterThanOrEqual(9);
  const failures: string[] = [];
  const send = async (method: string, url: string, payload?: string) => {
    const response = await t.request({
      method: method as "GET",
      url,
      token: admin,
      headers:
        payload === undefined ? {} : { "content-type": "application/json" },
      payload,
    });
    const envelope = String(response.headers["content-type"] ?? "").includes(
      "json",
    )
      ? response.json()
      : null;
    if (
      response.statusCode >= 500 ||
      (envelope && typeof envelope.code !== "number")
    ) {
      failures.push(
        `${method} ${url} ${String(payload).slice(0, 40)} → ${response.statusCode} ${response.body.slice(0, 120)}`,
      );
    }
  };
  for (const { path, method } of routes) {
    if (path === "/tjc/auth/logout") continue; // would end the session the rest relies on
    const hasBody = method !== "GET" && method !== "DELETE";
    const urls = path.includes("{")
      ? hostileIds.map((id) => path.replace(/\{[^}]+\}/g, id))
      : [path];
    for (const url of urls) await send(method, url, hasBody ? "{}" : undefined);
    const url = urls[0]!;
    for (const query of hostileQueries)
      await send(method, url + query, hasBody ? "{}" : undefined);
    if (hasBody)
      for (const payload of hostileBodies) await send(method, url, payload);
  }
  expect(failures).toEqual([]);
}, 120_000);

/** Every documented route, as [method, a URL with its parameters filled]. */
async function documentedRoutes(): Promise<{ method: string; url: string }[]> {
  const document = (
    await t.request({ method: "GET", url: "/tjc/docs/json" })
  ).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, "1"),
      })),
    )
    .filter(({ url }) => url !== "/tjc/auth/logout");
}

/** An answer is acceptable when it is below 500 and, if JSON, an envelope. */
function problemWith(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (String(response.headers["content-type"] ?? "").includes("json")) {
    try {
      if (typeof JSON.parse(response.body).code !== "number")
        return "not an envelope";
    } catch {
      return "JSON that does not parse";
    }
  }
  return undefined;
}

const part = (boundary: string, headers: string, body: string) =>
  `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
const filePart = (boundary: string, name = "file", filename = "a.png") =>
  part(
    boundary,
    `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png`,
    "\x89PNG\r\n\x1a\n",
  );
const multipartCases: [contentType: string, body: string][] = [
  ["multipart/form-data", filePart("x")],
  [
    `multipart/form-data; boundary=${"b".repeat(300)}`,
    filePart("b".repeat(300)),
  ],
  ["multipart/form-data; boundary=cut", filePart("cut").slice(0, -10)],
  ["multipart/form-data; boundary=e", ""],
  ["multipart/form-data; boundary=e", "--e--\r\n"],
  ["multipart/form-data; boundary=w", `${filePart("w", "image")}--w--\r\n`],
  [
    "multipart/form-data; boundary=p",
    `${filePart("p", "file", "../../etc/passwd")}--p--\r\n`,
  ],
  [
    "multipart/form-data; boundary=n",
    `${filePart("n", "file", "a\u0000.png")}--n--\r\n`,
  ],
  [
    "multipart/form-data; boundary=proto",
    `${filePart("proto", "__proto__")}--proto--\r\n`,
  ],
  [
    "multipart/form-data; boundary=many",
    `${Array.from({ length: 60 }, (_, i) => part("many", `Content-Disposition: form-data; name="f${i}"`, "v")).join("")}--many--\r\n`,
  ],
  [
    "multipart/form-data; boundary=two",
    `${filePart("two")}${filePart("two")}--two--\r\n`,
  ],
  [
    "multipart/form-data; boundary=hdr",
    `--hdr\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nX-Long: ${"h".repeat(100_000)}\r\n\r\nx\r\n--hdr--\r\n`,
  ],
  [
    "multipart/form-data; boundary=nest",
    `--nest\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n${filePart("inner")}--inner--\r\n--nest--\r\n`,
  ],
  ["multipart/mixed; boundary=m", `${filePart("m")}--m--\r\n`],
  [
    "multipart/form-data; boundary=nodisposition",
    "--nodisposition\r\n\r\nx\r\n--nodisposition--\r\n",
  ],
];

test("no multipart body, however malformed, to any route with a body answers 500", async () => {
  const failures: string[] = [];
  for (const { method, url } of await documentedRoutes()) {
    if (method === "GET" || method === "DELETE") continue;
    for (const [contentType, body] of multipartCases) {
      const response = await t.request({
        method: method as "POST",
        url,
        token: admin,
        headers: { "content-type": contentType },
        payload: body,
      });
      const problem = problemWith(response);
      if (problem)
        failures.push(
          `${method} ${url} ${contentType.slice(0, 40)} → ${problem}: ${response.body.slice(0, 120)}`,
        );
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

const abusiveHeaders: Record<string, string>[] = [
  { "content-type": "application/json; charset=utf-9000" },
  { "content-type": "text/plain" },
  { "content-type": "application/x-www-form-urlencoded" },
  { "content-type": "application/json", "content-encoding": "gzip" },
  { "accept-language": "x".repeat(4000) },
  { "accept-language": "*;q=abc, zh-CN;q=-1, en-US;q=1e400" },
  { authorization: "Bearer" },
  { authorization: "Bearer " + "a".repeat(8000) },
  { authorization: "Basic YWRtaW46YWRtaW4=" },
  { authorization: "Bearer \u0000" },
  { "x-request-id": "\r\n\u001b[31m" + "z".repeat(500) },
  { range: "bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9,10-10" },
  { range: "bytes=-99999999999999999999" },
  { "x-forwarded-for": "not-an-ip, ::ffff:999.1.1.1" },
  { "x-forwarded-proto": "gopher" },
  { "x-forwarded-host": "evil.example\u0000" },
  { cookie: "a=" + "b".repeat(8000) },
  { "if-none-match": "*".repeat(3000) },
  { "if-modified-since": "not a date" },
  { origin: "null" },
  { "transfer-encoding": "chunked" },
  { expect: "100-continue" },
];

test("no header-level abuse to any documented route answers 500", async () => {
  const failures: string[] = [];
  for (const { method, url } of await documentedRoutes()) {
    const hasBody = method !== "GET" && method !== "DELETE";
    for (const headers of abusiveHeaders) {
      for (const token of [admin, undefined]) {
        const response = await t.request({
          method: method as "GET",
          url,
          // An abusive Authorization stands in for the session.
          token: headers.authorization ? undefined : token,
          headers: {
            ...(hasBody ? { "content-type": "application/json" } : {}),
            ...headers,
          },
          payload: hasBody ? "{}" : undefined,
        });
        const problem = problemWith(response);
        if (problem)
          failures.push(
            `${method} ${url} ${JSON.stringify(headers).slice(0, 60)} → ${problem}: ${response.body.slice(0, 120)}`,
          );
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

test("malformed HTTP on a real socket gets a 4xx, never a 500 or a hang", async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as net.AddressInfo;
  const send = (bytes: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
      let received = "";
      const timer = setTimeout(() => socket.destroy(), 5_000);
      socket.on("data", (chunk) => {
        received += String(chunk);
        // One answer is enough: a kept-alive socket would otherwise wait for the next.
        if (received.includes("\r\n\r\n")) socket.end();
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearTimeout(timer);
        resolve(received);
      });
    });
  const cases = [
    "GET /tjc/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
    "POST /tjc/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n",
    "POST /tjc/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
    "GET /tjc/health HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n",
    "GET /tjc/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
    "GET /tjc/health HTTP/9.9\r\nHost: x\r\n\r\n",
    "GET /tjc/he\u0000alth HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /tjc/tags/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
    `GET /tjc/health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join("\r\n")}\r\n\r\n`,
  ];
  const failures: string[] = [];
  for (const bytes of cases) {
    const answer = await send(bytes);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    // Closing the connection unanswered is acceptable for bytes that are not HTTP.
    if (answer !== "" && (status === 0 || status >= 500))
      failures.push(
        `${JSON.stringify(bytes.slice(0, 60))} → ${answer.slice(0, 80)}`,
      );
  }
  expect(failures).toEqual([]);
}, 60_000);

test("POST /tjc/ask/notifications/read with an empty list of ids marks nothing, not a 500 (issue 25 item 6)", async () => {
  const member = await t.loginAs("member");
  const response = await t.request({
    method: "POST",
    url: "/tjc/ask/notifications/read",
    token: member,
    payload: { ids: [] },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ code: 0, data: { updated: 0 } });
});

test("10,000 unknown JSON keys on a strict route are a cheap 40000 listing a few of them (issue 25 item 6)", async () => {
  const payload: Record<string, number> = {};
  for (let i = 0; i < 10_000; i++) payload[`k${i}`] = i;
  const token = await t.loginAs("admin");
  for (const url of ["/tjc/spiders/test", "/tjc/system/job-logs/clear"]) {
    for (const [language, unknown] of [
      ["zh-CN", "不支持此字段"],
      ["en-US", "This field is not supported"],
    ] as const) {
      const cpu = process.cpuUsage();
      const response = await t.request({
        method: "POST",
        url,
        token,
        payload,
        language,
      });
      const { user, system } = process.cpuUsage(cpu);
      const label = `${url} ${language}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe(40000);
      const errors = response.json().data.errors as Record<string, string>;
      expect(Object.keys(errors).length, label).toBeLessThanOrEqual(
        MAX_LISTED_PROBLEMS,
      );
      expect(errors.k0, label).toMatch(new RegExp(`^${unknown}`, "i"));
      expect(response.body.length, label).toBeLessThan(5_000);
      // The whole request (parse, validate, answer) in the test's own process.
      expect((user + system) / 1000, label).toBeLessThan(300);
    }
  }
});
