import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
} from "@testing-library/react";
import { AdminContext } from "react-admin";
import { LoadingOverlay } from "./LoadingOverlay";
import { BackToTop, BACK_TO_TOP_SHOW_AFTER_PX } from "./BackToTop";
import { loadingFlag } from "../http/loading";
import { i18nProvider } from "../providers/i18nProvider";
import { BACK_TO_TOP_OFFSET_PX } from "../../common/constants";

function inAdmin(children: React.ReactNode) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>,
  );
}

beforeEach(async () => {
  loadingFlag.reset();
  await i18nProvider.changeLocale("zh-CN");
});
afterEach(() => {
  cleanup();
  loadingFlag.reset();
});

describe("the loading overlay", () => {
  it("follows the global flag that code opens and closes", async () => {
    inAdmin(<LoadingOverlay />);
    expect(screen.queryByText("加载中")).toBeNull();
    act(() => loadingFlag.open());
    expect(await screen.findByText("加载中")).toBeTruthy();
    act(() => loadingFlag.close());
    await waitFor(() => expect(screen.queryByText("加载中")).toBeNull());
  });

  it("stays up while a request holds it, even after code closes its own flag", async () => {
    inAdmin(<LoadingOverlay />);
    let end!: () => void;
    act(() => {
      end = loadingFlag.begin();
      loadingFlag.open();
      loadingFlag.close();
    });
    expect(await screen.findByText("加载中")).toBeTruthy();
    act(() => end());
    await waitFor(() => expect(screen.queryByText("加载中")).toBeNull());
  });

  it("speaks the current language", async () => {
    await i18nProvider.changeLocale("en-US");
    loadingFlag.open();
    inAdmin(<LoadingOverlay />);
    expect(await screen.findByText("Loading")).toBeTruthy();
  });
});

describe("the back-to-top button", () => {
  function scrollTo(y: number) {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    fireEvent.scroll(window);
  }

  it("appears after scrolling, sits 80 px from the bottom and scrolls to the top", async () => {
    const calls: unknown[] = [];
    window.scrollTo = ((options: unknown) =>
      calls.push(options)) as typeof window.scrollTo;
    scrollTo(0);
    inAdmin(<BackToTop />);
    expect(screen.queryByRole("button", { name: "回到顶部" })).toBeNull();
    act(() => scrollTo(BACK_TO_TOP_SHOW_AFTER_PX + 1));
    const button = await screen.findByRole("button", { name: "回到顶部" });
    expect(BACK_TO_TOP_OFFSET_PX).toBe(80);
    expect(getComputedStyle(button).bottom).toBe("80px");
    expect(getComputedStyle(button).position).toBe("fixed");
    fireEvent.click(button);
    expect(calls).toEqual([{ top: 0, behavior: "smooth" }]);
    act(() => scrollTo(0));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "回到顶部" })).toBeNull(),
    );
  });
});
