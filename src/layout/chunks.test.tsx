import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { AdminContext } from "react-admin";
import {
  ChunkErrorBoundary,
  ChunkLoadError,
  LazyPage,
  lazyChunk,
  loadChunk,
} from "./chunks";
import { i18nProvider } from "../providers/i18nProvider";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../common/constants";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("loadChunk", () => {
  it("passes a loaded module through", async () => {
    await expect(loadChunk("a", async () => ({ default: 1 }))).resolves.toEqual(
      { default: 1 },
    );
  });

  it("turns a failed dynamic import into 'Loading chunk N failed'", async () => {
    const failure = loadChunk("editor", () =>
      Promise.reject(
        new TypeError(
          "Failed to fetch dynamically imported module: /assets/x.js",
        ),
      ),
    );
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toThrow("Loading chunk editor failed");
  });

  it("gives up after 120000 ms", async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    const settled = vi.fn();
    const pending = loadChunk("slow", () => new Promise<never>(() => {}));
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Loading chunk slow failed" }),
    );
  });

  it("counts a swallowed preload failure (no module) as a failed chunk", async () => {
    await expect(
      loadChunk("x", async () => undefined as never),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it("leaves other errors of the module alone", async () => {
    const bug = new RangeError("bad module code");
    await expect(loadChunk("x", () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

function inAdmin(children: React.ReactNode) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>,
  );
}

describe("a lazy page whose chunk fails", () => {
  it("shows the localised message and a reload button", async () => {
    await i18nProvider.changeLocale("zh-CN");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Broken = lazyChunk("region-tree", () =>
      Promise.reject(
        new TypeError("Failed to fetch dynamically imported module"),
      ),
    );
    inAdmin(<LazyPage component={Broken} />);
    expect(await screen.findByText("加载代码块 region-tree 失败")).toBeTruthy();
    expect(screen.getByRole("button", { name: "重新加载" })).toBeTruthy();
  });

  it("shows any other render error with its message", async () => {
    await i18nProvider.changeLocale("en-US");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Crash = () => {
      throw new Error("kaboom");
    };
    inAdmin(
      <ChunkErrorBoundary>
        <Crash />
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByText("kaboom")).toBeTruthy();
    expect(screen.getByText("Something went wrong on this page")).toBeTruthy();
  });
});
