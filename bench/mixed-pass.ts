/**
 * One pass of mixed use over every route group of the server (bench/memory.ts): what an
 * administrator and the public do in a day, once each, so every module the server loads
 * on first use is loaded and every cache has been filled once.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ROOT } from "./processes.js";

type Step = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  /** A multipart upload of a fixture file instead of a JSON body. */
  upload?: string;
  /** Sent without the session (the public site and API). */
  anonymous?: boolean;
};

const list = (resource: string, extra: Record<string, unknown> = {}) =>
  `${resource}?${new URLSearchParams(
    Object.entries({ range: [0, 24], ...extra }).map(([key, value]) => [
      key,
      JSON.stringify(value),
    ]),
  )}`;

/** Reads every list and settings page of the admin API, group by group. */
const READS: Record<string, string[]> = {
  auth: ["/tjc/auth/me", "/tjc/auth/profile", "/tjc/auth/two-factor"],
  tags: [list("/tjc/tags", { filter: { q: "grace" } }), "/tjc/tags/1"],
  reference: ["/tjc/regions", "/tjc/countries"],
  files: [list("/tjc/files")],
  sermons: [
    list("/tjc/sermons"),
    "/tjc/sermons/suggestions?field=preacher&q=%E7%BA%A6",
  ],
  articles: [
    list("/tjc/articles"),
    "/tjc/articles/suggestions?field=author&q=a",
  ],
  media: [list("/tjc/audios"), list("/tjc/videos"), list("/tjc/gospel-docs")],
  disciples: [list("/tjc/disciples"), "/tjc/disciples/summary"],
  ministry: ["/tjc/ministry-config"],
  passages: [
    `/tjc/passages?ref=${encodeURIComponent("约翰福音3:16")}`,
    `/tjc/passages/ranges?ref=${encodeURIComponent("John 3:16-18")}`,
  ],
  live: [
    list("/tjc/channels"),
    list("/tjc/live-videos"),
    "/tjc/live-notices",
    "/tjc/live-config",
  ],
  ask: [
    "/tjc/ask/questions",
    "/tjc/ask/recommended",
    "/tjc/ask/tags",
    "/tjc/ask/me",
    "/tjc/ask/notifications",
    list("/tjc/ask/admin/questions"),
    list("/tjc/ask/admin/tags"),
    list("/tjc/ask/admin/members"),
    list("/tjc/ask/admin/mutes"),
    list("/tjc/ask/admin/reports"),
    "/tjc/ask/admin/review",
    "/tjc/ask/admin/review/count",
    "/tjc/ask/admin/config",
  ],
  spiders: [list("/tjc/spiders"), list("/tjc/spider-runs")],
  system: [
    "/tjc/system/dashboard",
    "/tjc/system/menu",
    "/tjc/system/site",
    "/tjc/system/permissions",
    list("/tjc/system/users"),
    list("/tjc/system/roles"),
    list("/tjc/system/resource-pages"),
    list("/tjc/system/configs"),
    list("/tjc/system/audit-logs"),
    list("/tjc/system/login-logs"),
    list("/tjc/system/sessions"),
    list("/tjc/system/outbox"),
    list("/tjc/system/jobs"),
    "/tjc/system/jobs/handlers",
    list("/tjc/system/job-logs"),
  ],
  exports: ["/tjc/tags/export", "/tjc/system/audit-logs/export"],
};

/** The public site (rendered by React on the server) and its API, without a session. */
const PUBLIC: string[] = [
  "/ask",
  "/tagList",
  "/choicenessCommon",
  "/sermons",
  "/articles",
  "/audios",
  "/videos",
  "/passage?q=%E7%BA%A6%E7%BF%B0%E7%A6%8F%E9%9F%B3%203%3A16",
  "/tjc/public/sermons",
  "/tjc/public/articles",
  "/tjc/public/audios",
  "/tjc/public/videos",
  "/tjc/public/gospel-docs",
  "/tjc/public/live",
  "/tjc/public/ministry",
  "/tjc/public/community-config",
  "/tjc/public/podcast.xml",
  "/tjc/docs/json",
];

function writes(): Record<string, Step[]> {
  const run = randomBytes(3).toString("hex");
  const body = `<p>${"起初神创造天地。In the beginning God created the heaven and the earth. ".repeat(40)}</p>`;
  return {
    "tag writes": [
      { method: "POST", path: "/tjc/tags", body: { name: `内存 ${run}` } },
    ],
    "sermon writes": [
      {
        method: "POST",
        path: "/tjc/sermons",
        body: {
          title: `讲道 ${run}`,
          preacher: "约翰",
          passage: "约翰福音 3:16-18",
          body,
        },
      },
      {
        method: "POST",
        path: "/tjc/articles",
        body: { title: `文章 ${run}`, body },
      },
    ],
    "user writes": [
      {
        method: "POST",
        path: "/tjc/system/users",
        body: {
          loginName: `memory_${run}`,
          userName: `内存 ${run}`,
          password: `Bench-${run}-password!`,
        },
      },
    ],
    uploads: [
      { method: "POST", path: "/tjc/files", upload: "sample.mp4" },
      { method: "POST", path: "/tjc/files", upload: "sample.mp3" },
      { method: "POST", path: "/tjc/files", upload: "sample.pdf" },
      {
        method: "POST",
        path: "/tjc/files/images",
        upload: "../demo/cover.png",
      },
    ],
    behaviour: [
      {
        method: "POST",
        path: "/tjc/public/behavior",
        anonymous: true,
        body: {
          events: [
            {
              type: "pageview",
              app: "public",
              visitorId: randomBytes(8).toString("hex"),
              sessionId: randomBytes(8).toString("hex"),
              path: "/sermons",
              at: Date.now(),
            },
          ],
        },
      },
    ],
  };
}

const MIME: Record<string, string> = {
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  pdf: "application/pdf",
  png: "image/png",
};

async function send(
  base: string,
  headers: Record<string, string>,
  step: Step,
): Promise<unknown> {
  let body: FormData | string | undefined;
  const sent: Record<string, string> = step.anonymous
    ? { "accept-language": "en-US" }
    : { ...headers };
  if (step.upload) {
    const file = fs.readFileSync(
      path.join(ROOT, "fixtures/media", step.upload),
    );
    const form = new FormData();
    const type = MIME[step.upload.split(".").pop()!]!;
    form.append("file", new Blob([file], { type }), path.basename(step.upload));
    body = form;
  } else if (step.body !== undefined) {
    body = JSON.stringify(step.body);
    sent["content-type"] = "application/json";
  }
  const response = await fetch(`${base}${step.path}`, {
    method: step.method ?? "GET",
    headers: sent,
    body,
  });
  const text = await response.text();
  if (response.status >= 400) {
    throw new Error(
      `mixed pass: ${step.method ?? "GET"} ${step.path} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  const json = response.headers.get("content-type")?.includes("json");
  return json ? (JSON.parse(text) as unknown) : text;
}

/**
 * Runs the pass; `after(group)` is called after each group (the bench prints RSS there).
 * Answers how many requests and groups it made; throws on any answer of 400 or more.
 */
export async function mixedPass(
  base: string,
  headers: Record<string, string>,
  after: (group: string) => void,
): Promise<{ requests: number; groups: number }> {
  let requests = 0;
  let groups = 0;
  const steps: [string, Step[]][] = [
    ...Object.entries(READS).map(([group, paths]): [string, Step[]] => [
      group,
      paths.map((p) => ({ path: p })),
    ]),
    ...Object.entries(writes()),
    ["public site and API", PUBLIC.map((p) => ({ path: p, anonymous: true }))],
  ];
  for (const [group, list] of steps) {
    for (const step of list) {
      await send(base, headers, step);
      requests += 1;
    }
    // A job run by hand: the first job of the list, whatever it is.
    if (group === "system") {
      const jobs = (await send(base, headers, {
        path: "/tjc/system/jobs",
      })) as { data: { id: number }[] };
      const first = jobs.data[0];
      if (first)
        await send(base, headers, {
          method: "POST",
          path: `/tjc/system/jobs/${first.id}/run`,
        });
      requests += 2;
    }
    groups += 1;
    after(group);
  }
  return { requests, groups };
}
