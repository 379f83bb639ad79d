import fs from "node:fs";
import path from "node:path";
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * The audio, video and gospel-document screens share one shape (issue 11 item 5): a
 * workflow list and a form with a media input. Each screen's spec calls
 * `contentScreenSpecs` with what differs.
 */
export interface ContentScreen {
  /** /admin/<page> */
  page: string;
  /** /tjc/<api> */
  api: string;
  /** The media input's source and the committed sample it uploads. */
  fileField: string;
  sample: string;
  /** What the expanded row shows: an audio or video element, or the PDF link. */
  player: (page: Page) => ReturnType<Page["locator"]>;
  /** Extra fields a valid record needs through the API. */
  apiExtra?: Record<string, unknown>;
}

const T = {
  "zh-CN": {
    title: "标题",
    save: "保存",
    required: "此项为必填项",
    tooLong: "最多 200 个字符",
    publish: "发布",
    published: "已发布",
    stale: /数据冲突/,
    status: "状态",
    selectAll: /全选/,
    bulkDone: "发布：2 条",
  },
  "en-US": {
    title: "Title",
    save: "Save",
    required: "This field is required",
    tooLong: "Enter at most 200 characters",
    publish: "Publish",
    published: "Published",
    stale: /conflict/i,
    status: "Status",
    selectAll: /Select all/,
    bulkDone: "Publish: 2 records",
  },
} as const;

const SAMPLES = path.resolve(import.meta.dirname, "../fixtures/media");

/** Uploads a committed sample to the media library through the API. */
export async function uploadSample(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ id: number }> {
  const response = await request.post("/tjc/files", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name,
        mimeType: "application/octet-stream",
        buffer: fs.readFileSync(path.join(SAMPLES, name)),
      },
    },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

export function contentScreenSpecs(screen: ContentScreen): void {
  for (const language of ["zh-CN", "en-US"] as const) {
    const t = T[language];
    test(`${language}: refuses bad input before any request, then creates with an uploaded file`, async ({
      page,
    }) => {
      // Two uploads' worth of screens and two axe runs: longer than the default on a busy machine.
      test.setTimeout(90_000);
      await useLanguage(page, language);
      await loginViaApi(page, `/admin/${screen.page}/create`);
      const writes: string[] = [];
      page.on("request", (r) => {
        if (
          r.method() === "POST" &&
          new URL(r.url()).pathname === `/tjc/${screen.api}`
        )
          writes.push(r.url());
      });
      const title = page.getByRole("textbox", { name: t.title, exact: true });
      const save = page.getByRole("button", { name: t.save });

      await title.fill("x");
      await title.fill("");
      await save.click();
      await expect(page.getByText(t.required).first()).toBeVisible();
      await title.fill("长".repeat(201));
      await save.click();
      await expect(page.getByText(t.tooLong)).toBeVisible();
      expect(writes).toEqual([]);

      const name = `${screen.page}-${language}-${Date.now()}`;
      await title.fill(name);
      await page
        .getByTestId(`media-file-${screen.fileField}`)
        .setInputFiles(path.join(SAMPLES, screen.sample));
      await expect(page.getByTestId("media-preview").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await save.click();
      await expect(page).toHaveURL(`/admin/${screen.page}`);
      expect(writes).toHaveLength(1);

      // The list: the new row, played or opened in place when expanded.
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toHaveCount(1);
      // react-admin hides the expand button from assistive technology (aria-hidden).
      await row.locator("[aria-expanded]").first().click();
      await expect(screen.player(page)).toBeVisible();
      // The saved notice fades out first: axe measures a half-faded snackbar wrongly.
      await expect(page.locator(".MuiSnackbar-root")).toHaveCount(0, {
        timeout: 10_000,
      });
      await expectNoSeriousA11yViolations(page);

      // Bulk publish from the list.
      await row.getByRole("checkbox").check();
      await page.getByRole("button", { name: t.publish, exact: true }).click();
      await expect(
        page
          .getByRole("row")
          .filter({ hasText: name })
          .getByText(t.published, { exact: true }),
      ).toBeVisible();
    });
  }

  for (const language of ["zh-CN", "en-US"] as const) {
    // The two content kits once defined content.bulk.done with different placeholders,
    // and this list showed a literal %{count}.
    test(`${language}: bulk publish says how many were published`, async ({
      page,
      request,
    }) => {
      const t = T[language];
      const { token } = await apiLogin(request);
      const file = await uploadSample(request, token, screen.sample);
      const stamp = `批量${Date.now()}`;
      for (const suffix of ["甲", "乙"]) {
        const created = await (
          await request.post(`/tjc/${screen.api}`, {
            headers: { Authorization: `Bearer ${token}` },
            data: {
              title: `${stamp}${suffix}`,
              [screen.fileField]: file.id,
              ...screen.apiExtra,
            },
          })
        ).json();
        expect(created.code, JSON.stringify(created)).toBe(0);
      }
      await useLanguage(page, language);
      await loginViaApi(
        page,
        `/admin/${screen.page}?filter=${encodeURIComponent(JSON.stringify({ q: stamp }))}`,
      );
      const rows = page.locator("tbody tr").filter({ hasText: stamp });
      await expect(rows).toHaveCount(2);
      await page.getByRole("checkbox", { name: t.selectAll }).check();
      await page.getByRole("button", { name: t.publish, exact: true }).click();
      await expect(page.getByText(t.bulkDone, { exact: true })).toBeVisible();
      await expect(page.getByText("%{")).toHaveCount(0);
      await expect(
        rows.filter({ has: page.getByText(t.published, { exact: true }) }),
      ).toHaveCount(2);
    });
  }

  test("filters by status, sorts, exports CSV, and works on a phone", async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request);
    const file = await uploadSample(request, token, screen.sample);
    const name = `筛选${Date.now()}`;
    const created = await (
      await request.post(`/tjc/${screen.api}`, {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          title: name,
          [screen.fileField]: file.id,
          status: "archived",
          ...screen.apiExtra,
        },
      })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaApi(
      page,
      `/admin/${screen.page}?filter=${encodeURIComponent(JSON.stringify({ status: "archived", q: name }))}&sort=title&order=ASC`,
    );
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(
      1,
    );
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /导出|Export/ }).click();
    const csv = fs.readFileSync(await (await download).path(), "utf8");
    expect(csv).toContain(name);
    // Nothing scrolls sideways on a phone but the table inside its card.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a stale version is refused with the server's message", async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    const file = await uploadSample(request, token, screen.sample);
    const body = {
      title: `过期${Date.now()}`,
      [screen.fileField]: file.id,
      ...screen.apiExtra,
    };
    const record = (
      await (
        await request.post(`/tjc/${screen.api}`, { headers, data: body })
      ).json()
    ).data;
    await loginViaApi(page, `/admin/${screen.page}/${record.id}`);
    // "标题", with MUI's " *" (a thin space) where the form marks the title required.
    const title = page.getByRole("textbox", { name: /^标题(\s*\*)?$/ });
    await expect(title).toHaveValue(record.title);
    const meanwhile = await request.put(`/tjc/${screen.api}/${record.id}`, {
      headers,
      data: { ...body, description: "changed elsewhere", version: 1 },
    });
    expect((await meanwhile.json()).code).toBe(0);
    await title.fill(`${record.title}改`);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText(T["zh-CN"].stale).first()).toBeVisible();
    await expect(page).toHaveURL(`/admin/${screen.page}/${record.id}`);
  });
}
