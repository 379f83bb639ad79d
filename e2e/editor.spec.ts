import { expect, test, type Page } from "@playwright/test";
import { sanitizeStoredHtml } from "../server/services/html-sanitizer";

/**
 * The rich-text editor on /test/test (no login). #editor-value shows, as plain text, the
 * HTML the editor would save.
 */

const editorArea = (page: Page) => page.locator(".ProseMirror");
const editorValue = (page: Page) => page.locator("#editor-value");
const toolbarButton = (page: Page, name: string) =>
  page.locator(`[data-toolbar="${name}"]`);

async function openPlayground(page: Page) {
  await page.addInitScript(() => localStorage.setItem("aid-language", "en-US"));
  await page.goto("/test/test");
  await expect(editorArea(page)).toBeVisible({ timeout: 20_000 });
  await expect(editorValue(page)).toHaveText("");
}

/** Whatever the editor saves, the server's sanitiser keeps as it is. */
function expectServerKeeps(html: string) {
  const stored = sanitizeStoredHtml(html).replace(
    /<(br|hr|img|input)((?:\s[^>]*?)?) \/>/g,
    "<$1$2>",
  );
  expect(stored).toBe(html);
}

test.describe("rich-text editor on /test/test", () => {
  test.beforeEach(async ({ page }) => {
    page.on("dialog", (dialog) => {
      throw new Error(`unexpected browser dialog: ${dialog.message()}`);
    });
    await openPlayground(page);
  });

  test("typing shows up in the value", async ({ page }) => {
    await editorArea(page).click();
    await page.keyboard.type("Hello 世界");
    await expect(editorValue(page)).toHaveText("<p>Hello 世界</p>");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second line");
    await expect(editorValue(page)).toHaveText(
      "<p>Hello 世界</p><p>second line</p>",
    );
  });

  test("formatting from the toolbar: bold, italic, underline, heading, list, indent", async ({
    page,
  }) => {
    await editorArea(page).click();
    await page.keyboard.type("formatted");
    await page.keyboard.press("ControlOrMeta+A");
    await toolbarButton(page, "bold").click();
    await expect(editorValue(page)).toHaveText(
      "<p><strong>formatted</strong></p>",
    );
    await expect(toolbarButton(page, "bold")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await toolbarButton(page, "italic").click();
    await toolbarButton(page, "underline").click();
    await expect(editorValue(page)).toHaveText(
      "<p><strong><em><u>formatted</u></em></strong></p>",
    );

    await page.locator('[data-toolbar="heading"]').locator("..").click();
    await page.locator('li[data-heading="2"]').click();
    await expect(editorValue(page)).toHaveText(
      "<h2><strong><em><u>formatted</u></em></strong></h2>",
    );

    await toolbarButton(page, "indent").click();
    await expect(editorValue(page)).toHaveText(
      '<h2 data-indent="1" style="margin-inline-start: 2em;"><strong><em><u>formatted</u></em></strong></h2>',
    );
    await page.keyboard.press("Tab");
    await expect(editorValue(page)).toContainText('data-indent="2"');

    await editorArea(page).press("End");
    await page.keyboard.press("Enter");
    await toolbarButton(page, "task-list").click();
    await page.keyboard.type("to do");
    await page.locator('.ProseMirror input[type="checkbox"]').click();
    await expect(editorValue(page)).toContainText('data-checked="true"');
    await page.locator('.ProseMirror input[type="checkbox"]').click();
    await expect(editorValue(page)).toContainText('data-checked="false"');

    expectServerKeeps((await editorValue(page).textContent()) ?? "");
  });

  test("the toolbar does not move when the cursor enters a checked list", async ({
    page,
  }) => {
    // Positions to the pixel: a reflow moves buttons by tens of pixels, while a button's
    // own disabled/enabled rendering may shift it by a fraction, which rounding can turn
    // into one pixel either way.
    const layout = () =>
      page.locator("[data-toolbar]").evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return {
            name: element.getAttribute("data-toolbar"),
            box: { x: box.x, y: box.y },
          };
        }),
      );
    type Layout = Awaited<ReturnType<typeof layout>>;
    // same buttons, none moved by more than a pixel (sub-pixel rounding)
    const expectSameLayout = (now: Layout, then: Layout) => {
      expect(now.map((button) => button.name)).toEqual(
        then.map((button) => button.name),
      );
      const moved = now.filter(
        ({ box }, i) =>
          Math.abs(box.x - then[i].box.x) > 1 ||
          Math.abs(box.y - then[i].box.y) > 1,
      );
      expect(moved).toEqual([]);
    };
    expect(Number.isFinite((await layout())[0].box.x)).toBe(true);
    await editorArea(page).click();
    await page.keyboard.type("first");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second");
    const before = await layout();
    await expect(toolbarButton(page, "toggle-checked")).toBeDisabled();
    await toolbarButton(page, "task-list").click();
    await expect(toolbarButton(page, "toggle-checked")).toBeEnabled();
    expectSameLayout(await layout(), before);
    await toolbarButton(page, "toggle-checked").click();
    await expect(editorValue(page)).toContainText('data-checked="true"');
    // back on the paragraph above the list: the button stays where it was, disabled
    await editorArea(page).getByText("first").click();
    await expect(toolbarButton(page, "toggle-checked")).toBeDisabled();
    expectSameLayout(await layout(), before);
  });

  test("colour from the 35-colour palette", async ({ page }) => {
    await editorArea(page).click();
    await page.keyboard.type("red");
    await page.keyboard.press("ControlOrMeta+A");
    await toolbarButton(page, "color").click();
    const swatches = page.locator(
      '[data-palette="color"] button[data-colour^="#"]',
    );
    await expect(swatches).toHaveCount(35);
    await page
      .locator('[data-palette="color"] button[data-colour="#d32f2f"]')
      .click();
    await expect(editorValue(page)).toHaveText(
      '<p><span style="color: rgb(211, 47, 47);">red</span></p>',
    );
    expectServerKeeps((await editorValue(page).textContent()) ?? "");
  });

  test("an e-mail address becomes a mailto: link, typed or through the link dialog", async ({
    page,
  }) => {
    await editorArea(page).click();
    await page.keyboard.type("write to someone@example.org ");
    await expect(editorValue(page)).toContainText(
      'href="mailto:someone@example.org"',
    );

    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("contact us");
    await page.keyboard.press("ControlOrMeta+A");
    await toolbarButton(page, "link").click();
    await page.locator('[data-field="link"]').fill("office@example.org");
    await page.locator('[data-dialog="link"] [data-action="ok"]').click();
    await expect(editorValue(page)).toContainText(
      'href="mailto:office@example.org"',
    );
    await expect(editorValue(page)).toContainText(">contact us</a>");
    expectServerKeeps((await editorValue(page).textContent()) ?? "");
  });

  test("a pasted image with a javascript: source ends up with a blank source", async ({
    page,
  }) => {
    await editorArea(page).click();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData(
        "text/html",
        '<p>pasted<img src="javascript:alert(1)" onerror="alert(2)"><script>alert(3)</script></p>',
      );
      data.setData("text/plain", "pasted");
      const target = document.querySelector(".ProseMirror")!;
      target.dispatchEvent(
        new ClipboardEvent("paste", {
          clipboardData: data,
          bubbles: true,
          cancelable: true,
        }),
      );
    });
    await expect(editorValue(page)).toHaveText('<p>pasted<img src=""></p>');
    await expect(
      page.locator(".ProseMirror img:not(.ProseMirror-separator)"),
    ).toHaveAttribute("src", "");
  });

  test("an empty document reads as the empty string", async ({ page }) => {
    await editorArea(page).click();
    await page.keyboard.type("temporary");
    await expect(editorValue(page)).toHaveText("<p>temporary</p>");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Backspace");
    await expect(editorValue(page)).toHaveText("");
    expect(await editorValue(page).textContent()).toBe("");
  });

  test("a formula renders with KaTeX", async ({ page }) => {
    await editorArea(page).click();
    await page.keyboard.type("Energy: ");
    await toolbarButton(page, "formula").click();
    await page.locator('[data-field="formula"]').fill("E = mc^2");
    await expect(page.locator('[data-dialog="formula"] .katex')).toBeVisible();
    await page.locator('[data-dialog="formula"] [data-action="ok"]').click();
    await expect(
      page.locator('.ProseMirror [data-type="inline-math"] .katex'),
    ).toBeVisible();
    await expect(editorValue(page)).toContainText(
      'data-latex="E = mc^2" data-type="inline-math"',
    );
    expectServerKeeps((await editorValue(page).textContent()) ?? "");
  });

  test("a Bilibili or YouTube link becomes an embed the server keeps", async ({
    page,
  }) => {
    await editorArea(page).click();
    await toolbarButton(page, "video").click();
    await page.locator('[data-field="video"]').fill("javascript:alert(1)");
    await page.locator('[data-dialog="video"] [data-action="ok"]').click();
    await expect(page.locator('[data-dialog="video"]')).toContainText(
      "Enter a Bilibili or YouTube link",
    );
    await page
      .locator('[data-field="video"]')
      .fill("https://www.bilibili.com/video/BV1GJ411x7h7");
    await page.locator('[data-dialog="video"] [data-action="ok"]').click();
    await expect(editorValue(page)).toContainText(
      'src="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&amp;autoplay=0"',
    );
    await toolbarButton(page, "video").click();
    await page
      .locator('[data-field="video"]')
      .fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await page.locator('[data-dialog="video"] [data-action="ok"]').click();
    await expect(editorValue(page)).toContainText(
      'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"',
    );
    expectServerKeeps((await editorValue(page).textContent()) ?? "");
  });

  test("an image file of the wrong type is refused with a clear message", async ({
    page,
  }) => {
    await toolbarButton(page, "image").click();
    await page.locator('input[data-field="image-file"]').setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(page.locator("[data-editor-notice]")).toHaveText(
      '"logo.svg" cannot be used: images must be PNG, GIF, JPEG, BMP or ICO',
    );
    await expect(editorValue(page)).toHaveText("");
  });

  test("a PNG file is inserted", async ({ page }) => {
    await toolbarButton(page, "image").click();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .locator('input[data-field="image-file"]')
      .setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: png });
    await expect(editorValue(page)).toContainText(
      '<img src="data:image/png;base64,',
    );
  });
});

test("the editor is not in the first bundle: its chunks load only on /test/test", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const editorChunk =
    /katex|CodeHighlight|highlight\.js|lowlight|prosemirror|tiptap|StandaloneEditor|RichTextInput|EditorPlayground|editor-playground/i;

  await page.goto("/login");
  await expect(page.locator('input[name="loginName"]')).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => editorChunk.test(url))).toEqual([]);
  const firstBundle = scripts.length;
  expect(firstBundle).toBeGreaterThan(0);

  await page.goto("/test/test");
  await expect(editorArea(page)).toBeVisible({ timeout: 20_000 });
  expect(scripts.slice(firstBundle).some((url) => editorChunk.test(url))).toBe(
    true,
  );
});
