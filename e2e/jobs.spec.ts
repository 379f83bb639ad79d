import { expect, test, type Page } from "@playwright/test";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

/**
 * The job screens in both languages: the next fire times follow the cron as it is typed,
 * every kind of invalid input (bad cron, bad params, empty, too long) gets the app's own
 * message before any request, a stale version is refused, and a run shows up in the log.
 */
const T = {
  "zh-CN": {
    name: "任务名称",
    cron: "cron 表达式",
    handler: "处理程序",
    days: "天数",
    save: "保存",
    required: "此项为必填项",
    tooLong: "最多 64 个字符",
    badCron: "不是有效的 cron 表达式，例如：0 */5 * * * *（每 5 分钟）",
    fields:
      "cron 表达式应有 5 个字段（分 时 日 月 周）或 6 个字段（秒 分 时 日 月 周）",
    never: "这个 cron 表达式永远不会触发",
    nextRuns: "接下来 5 次执行（Asia/Shanghai）",
    retention: "任务日志保留 (jobLog.retention)",
    minValue: "不能小于 1",
    integer: "请输入整数",
    maxValue: "不能大于 3650",
    created: "已新建",
    stale: "数据冲突：记录已被他人修改，请刷新后重试",
    run: "立即执行",
    started: "已开始执行，结果见任务日志",
    logs: "日志",
    success: "成功",
    clear: "清除旧日志",
    clearConfirm: "清除",
    cleared: /已清除 \d+ 条日志/,
  },
  "en-US": {
    name: "Name",
    cron: "Cron expression",
    handler: "Handler",
    days: "Days",
    save: "Save",
    required: "This field is required",
    tooLong: "Enter at most 64 characters",
    badCron:
      "Not a valid cron expression; for example 0 */5 * * * * (every 5 minutes)",
    fields:
      "A cron expression has 5 fields (minute hour day month weekday) or 6 (second first)",
    never: "This cron expression never fires",
    nextRuns: "Next 5 fire times (Asia/Shanghai)",
    retention: "Job log retention (jobLog.retention)",
    minValue: "Must be 1 or more",
    integer: "Enter a whole number",
    maxValue: "Must be 3650 or less",
    created: "Element created",
    stale:
      "Conflict: the record was changed by someone else; reload and try again",
    run: "Run now",
    started: "Started; see the job log for the outcome",
    logs: "Logs",
    success: "Success",
    clear: "Clear old logs",
    clearConfirm: "Clear",
    cleared: /\d+ logs cleared/,
  },
} as const;

function watchWrites(page: Page) {
  const writes: string[] = [];
  page.on("request", (r) => {
    if (
      r.method() !== "GET" &&
      new URL(r.url()).pathname.startsWith("/tjc/system/jobs")
    )
      writes.push(r.url());
  });
  return writes;
}

async function expectNoCrash(page: Page) {
  await expect(page.getByText(/Something went wrong|页面出错了/)).toHaveCount(
    0,
  );
}

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];

  test(`${language}: next fire times follow the cron; bad cron, bad params, empty and too long are refused before any request`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await loginViaApi(page, "/admin/system/jobManage/create");
    const writes = watchWrites(page);
    const name = page.getByRole("textbox", { name: t.name, exact: true });
    const cron = page.getByRole("textbox", { name: t.cron, exact: true });
    const preview = page.getByTestId("cron-preview");
    const save = page.getByRole("button", { name: t.save });

    // The preview follows the typing.
    await cron.fill("0 30 9 * * *");
    await expect(preview).toContainText(t.nextRuns);
    await expect(preview.locator("li")).toHaveCount(5);
    await cron.fill("61 * * * *");
    await expect(preview).toContainText(t.badCron);
    await cron.fill("* * *");
    await expect(preview).toContainText(t.fields);
    await cron.fill("0 0 30 2 *");
    await expect(preview).toContainText(t.never);

    // Empty, then too long, then a bad cron on save.
    await name.fill("x");
    await name.fill("");
    await save.click();
    await expect(page.getByText(t.required).first()).toBeVisible();
    await expectNoCrash(page);
    await name.fill("x".repeat(65));
    await save.click();
    await expect(page.getByText(t.tooLong)).toBeVisible();
    await name.fill(`任务${language}${Date.now()}`);
    await cron.fill("61 * * * *");
    await save.click();
    await expect(page.getByText(t.badCron).first()).toBeVisible();
    await cron.fill("0 0 4 * * *");

    // The handler's params form, from its JSON Schema.
    await page.getByRole("combobox", { name: t.handler }).click();
    await page.getByRole("option", { name: t.retention }).click();
    const days = page.getByRole("spinbutton", { name: t.days });
    for (const [value, message] of [
      ["0", t.minValue],
      ["1.5", t.integer],
      ["99999", t.maxValue],
    ] as const) {
      await days.fill(value);
      await save.click();
      await expect(page.getByText(message)).toBeVisible();
    }
    await expectNoCrash(page);
    expect(writes).toEqual([]);

    await days.fill("");
    await save.click();
    await expect(page.getByText(t.created)).toBeVisible();
    await expect(page).toHaveURL("/admin/system/jobManage");
    expect(writes).toHaveLength(1);
  });
}

test("a stale version is refused with the server's message", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await (
    await request.post("/tjc/system/jobs", {
      headers,
      data: {
        name: `过期${Date.now()}`,
        handler: "session.cleanup",
        cron: "0 0 * * * *",
      },
    })
  ).json();
  const job = created.data;
  await loginViaApi(page, `/admin/system/jobManage/${job.id}`);
  await expect(
    page.getByRole("textbox", { name: "任务名称", exact: true }),
  ).toHaveValue(job.name);
  // Someone else saves meanwhile.
  const meanwhile = await request.put(`/tjc/system/jobs/${job.id}`, {
    headers,
    data: {
      name: job.name,
      handler: job.handler,
      cron: job.cron,
      remark: "changed elsewhere",
      version: job.version,
    },
  });
  expect((await meanwhile.json()).code).toBe(0);
  await page.getByLabel("备注").fill("mine");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText(/数据冲突/).first()).toBeVisible();
  await expect(page).toHaveURL(`/admin/system/jobManage/${job.id}`);
});

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];
  test(`${language}: run now, see the run in the job log, clear old logs`, async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request);
    const name = `运行${language}${Date.now()}`;
    await request.post("/tjc/system/jobs", {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, handler: "loginFailure.prune", cron: "0 0 0 * * *" },
    });
    await useLanguage(page, language);
    await loginViaApi(
      page,
      `/admin/system/jobManage?filter=${encodeURIComponent(JSON.stringify({ name }))}`,
    );
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: t.run }).click();
    await expect(page.getByText(t.started)).toBeVisible();
    await row.getByRole("link", { name: t.logs }).click();
    await expect(page).toHaveURL(/\/admin\/system\/joblogManage/);
    const logRow = page.getByRole("row").filter({ hasText: name });
    await expect(logRow.first()).toContainText(t.success);
    await logRow.first().click(); // expands: the message, in the reader's language
    await expect(
      page.getByText(
        language === "zh-CN"
          ? /^信息: 删除了 \d+ 条登录失败记录$/
          : /^Message: Deleted \d+ login failures?$/,
      ),
    ).toBeVisible();

    await page.getByRole("button", { name: t.clear }).click();
    await page
      .getByRole("button", { name: t.clearConfirm, exact: true })
      .click();
    await expect(page.getByText(t.cleared)).toBeVisible();
  });
}
