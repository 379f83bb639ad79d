import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { AdminContext, Title, useSetLocale } from "react-admin";
import { i18nProvider } from "../providers/i18nProvider";
import { DocumentTitle, PAGE_TITLE_ID } from "./DocumentTitle";

function EnglishButton() {
  const setLocale = useSetLocale();
  return <button onClick={() => setLocale("en-US")}>English</button>;
}

function Page({ title }: { title?: string }) {
  return (
    <AdminContext i18nProvider={i18nProvider}>
      <EnglishButton />
      <span id={PAGE_TITLE_ID} />
      {title ? <Title title={title} /> : null}
      <DocumentTitle />
    </AdminContext>
  );
}

/** What GET /tjc/system/site answers; null: the request fails. */
let site: { name: string; nameEn: string } | null = null;

beforeEach(async () => {
  await i18nProvider.changeLocale("zh-CN");
  document.title = "";
  site = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (!String(url).endsWith("/system/site") || !site)
        throw new TypeError("Failed to fetch");
      return new Response(
        JSON.stringify({ code: 0, message: "", data: site }),
        {
          headers: { "Content-Type": "application/json" },
        },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the browser tab's title", () => {
  it("names the page, then the site", async () => {
    render(<Page title="标签管理" />);
    await waitFor(() => expect(document.title).toBe("标签管理 - 灯台"));
  });

  it("follows the page's title as it changes", async () => {
    const { rerender } = render(<Page title="标签管理" />);
    await waitFor(() => expect(document.title).toBe("标签管理 - 灯台"));
    rerender(<Page title="用户管理" />);
    await waitFor(() => expect(document.title).toBe("用户管理 - 灯台"));
  });

  it("follows the language", async () => {
    render(<Page title="Tags" />);
    await waitFor(() => expect(document.title).toBe("Tags - 灯台"));
    await act(async () => screen.getByRole("button").click());
    await waitFor(() => expect(document.title).toBe("Tags - Lampstand"));
  });

  it("is the site's full name on a page without a title", async () => {
    render(<Page />);
    await waitFor(() => expect(document.title).toBe("灯台管理后台"));
  });

  it("uses the configured site name in the interface's language", async () => {
    site = { name: "活水堂", nameEn: "Living Water" };
    render(<Page title="Tags" />);
    await waitFor(() => expect(document.title).toBe("Tags - 活水堂"));
    await act(async () => screen.getByRole("button").click());
    await waitFor(() => expect(document.title).toBe("Tags - Living Water"));
  });

  it("builds the full title from the configured name on a page without a title", async () => {
    site = { name: "活水堂", nameEn: "Living Water" };
    render(<Page />);
    await waitFor(() => expect(document.title).toBe("活水堂管理后台"));
  });

  it("keeps the built-in name when the configured one is blank", async () => {
    site = { name: "  ", nameEn: "" };
    render(<Page title="标签管理" />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await waitFor(() => expect(document.title).toBe("标签管理 - 灯台"));
  });
});
