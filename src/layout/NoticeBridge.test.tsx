import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { AdminContext, useNotify } from "react-admin";
import { useEffect } from "react";
import { AppNotification, NoticeBridge } from "./NoticeBridge";
import { resetShellBridge, showNotice } from "../http/shellBridge";
import { i18nProvider } from "../providers/i18nProvider";

function RaError({ message }: { message: string }) {
  const notify = useNotify();
  useEffect(() => notify(message, { type: "error" }), [notify, message]);
  return null;
}

beforeEach(async () => {
  resetShellBridge();
  await i18nProvider.changeLocale("zh-CN");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("notices from the /tjc client", () => {
  it("appear in react-admin's notification area, including those sent before it mounted", async () => {
    showNotice({ message: "早到的消息", type: "warning", durationMs: 1500 });
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <NoticeBridge />
        <AppNotification />
      </AdminContext>,
    );
    expect(await screen.findByText("早到的消息")).toBeTruthy();
  });

  it("are not repeated when react-admin reports the same failure again", async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <NoticeBridge />
        <AppNotification />
      </AdminContext>,
    );
    act(() =>
      showNotice({ message: "数据冲突", type: "error", durationMs: 3000 }),
    );
    expect(await screen.findByText("数据冲突")).toBeTruthy();
    cleanup();
    // react-admin's own copy of the same message (a failed save) is dropped
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RaError message="数据冲突" />
        <AppNotification />
      </AdminContext>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText("数据冲突")).toBeNull();
    cleanup();
    // while a message the client never showed still appears
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RaError message="别的错误" />
        <AppNotification />
      </AdminContext>,
    );
    await waitFor(() => expect(screen.getByText("别的错误")).toBeTruthy());
  });
});
