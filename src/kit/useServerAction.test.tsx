import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import { AdminContext, useNotificationContext } from "react-admin";
import { useServerAction } from "./useServerAction";

afterEach(cleanup);

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AdminContext
      i18nProvider={polyglotI18nProvider(() => englishMessages, "en")}
    >
      {children}
    </AdminContext>
  );
}

function renderAction() {
  return renderHook(
    () => ({ action: useServerAction(), notices: useNotificationContext() }),
    { wrapper },
  );
}

describe("useServerAction", () => {
  it("says the work's notice, runs `after`, and ignores a second press while busy", async () => {
    const { result } = renderAction();
    let finish = () => {};
    const work = vi.fn(
      () =>
        new Promise<{ message: string; args: { count: number } }>(
          (resolve) =>
            (finish = () =>
              resolve({ message: "jobs.cleared", args: { count: 3 } })),
        ),
    );
    const after = vi.fn();
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.action.run(work, after);
    });
    expect(result.current.action.busy).toBe(true);
    await act(() => result.current.action.run(work, after));
    expect(work).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.action.busy).toBe(false);
    expect(after).toHaveBeenCalledTimes(1);
    const [notice] = result.current.notices.notifications;
    expect(notice?.message).toBe("jobs.cleared");
    expect(notice?.type).toBe("info");
    expect(notice?.notificationOptions?.messageArgs).toEqual({ count: 3 });
  });

  it("says nothing and keeps the dialog when the server refuses", async () => {
    const { result } = renderAction();
    const after = vi.fn();
    await act(() =>
      result.current.action.run(
        () => Promise.reject(new Error("40300")),
        after,
      ),
    );
    expect(after).not.toHaveBeenCalled();
    expect(result.current.notices.notifications).toEqual([]);
    expect(result.current.action.busy).toBe(false);
  });
});
