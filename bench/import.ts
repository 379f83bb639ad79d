/**
 * `npm run bench` (last): the believers' CSV import (issue 12 item 1). Builds a 50,000-row
 * GB18030 file as Chinese Excel saves it (with 1% bad rows and 1% rows repeating stored
 * believers), then times the preview and the commit through the whole stack (multipart,
 * decoding, csv-parse, validation, the duplicate lookup, one transaction) with
 * `app.inject` on a fresh store: SQLite, or PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Target: the commit of 50,000 rows under 30 s. Environment: BENCH_IMPORT_ROWS (50000).
 */
import iconv from "iconv-lite";
import { buildTestApp } from "../server/test/helper.js";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const TARGET_MS = 30_000;
const SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高";
const GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华";

function nameOf(i: number): string {
  return (
    SURNAMES[i % SURNAMES.length]! +
    GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]! +
    GIVEN[Math.floor(i / 97) % GIVEN.length]!
  );
}

function csvFile(rows: number): Buffer {
  const lines = ["姓名,性别,电话,电子邮箱,出生日期,地区,教会,状态,备注"];
  for (let i = 0; i < rows; i += 1) {
    const bad = i % 100 === 42;
    lines.push(
      [
        nameOf(i),
        i % 2 ? "男" : "女",
        bad ? "not-a-phone" : `139${String(i).padStart(8, "0")}`,
        `member${i}@example.org`,
        `19${50 + (i % 50)}/${1 + (i % 12)}/${1 + (i % 28)}`,
        ["440106", "110101", "441900", ""][i % 4],
        `教会${i % 40}`,
        "在籍",
        i % 10 === 0 ? '"备注，含逗号"' : "",
      ].join(","),
    );
  }
  return iconv.encode(lines.join("\r\n") + "\r\n", "gb18030");
}

function form(file: Buffer, fields: Record<string, string>) {
  const boundary = "----bench";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

async function main(): Promise<number> {
  const t = await buildTestApp();
  try {
    const token = await t.loginAs("admin");
    // 1% of the file repeats believers already stored (same name and phone).
    const now = new Date().toISOString();
    const stored = [];
    for (let i = 7; i < ROWS; i += 100)
      stored.push({
        name: nameOf(i),
        phone: `139${String(i).padStart(8, "0")}`,
        phoneDigits: `139${String(i).padStart(8, "0")}`,
        createdAt: now,
        updatedAt: now,
      });
    for (let i = 0; i < stored.length; i += 400)
      await t.app.store.db
        .insertInto("disciples")
        .values(stored.slice(i, i + 400))
        .execute();

    const file = csvFile(ROWS);
    const step = async (url: string, fields: Record<string, string>) => {
      const since = performance.now();
      const response = await t.request({
        method: "POST",
        url,
        token,
        ...form(file, fields),
      });
      const ms = performance.now() - since;
      const body = response.json();
      if (body.code !== 0) throw new Error(`${url}: ${response.body}`);
      return { ms, data: body.data };
    };
    const preview = await step("/tjc/disciples/import/preview", {});
    const commit = await step("/tjc/disciples/import/commit", {
      duplicates: "update",
    });
    const { total, valid, invalid, duplicates, encoding } = preview.data;
    const store = t.app.store.kind;
    const pass = commit.ms < TARGET_MS;
    console.log(
      `\nimport (${store}): ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB ${encoding}; preview ${(preview.ms / 1000).toFixed(1)} s (${total} rows: ${valid} valid, ${invalid} invalid, ${duplicates} duplicates); commit ${(commit.ms / 1000).toFixed(1)} s (${JSON.stringify(commit.data)}) — target commit < ${TARGET_MS / 1000} s: ${pass ? "PASS" : "FAIL"}`,
    );
    return pass ? 0 : 1;
  } finally {
    await t.close();
  }
}

process.exitCode = await main();
