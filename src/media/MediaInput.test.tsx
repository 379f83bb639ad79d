import "@testing-library/jest-dom/vitest";
import {
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import {
  AdminContext,
  Form,
  ResourceContextProvider,
  type TranslationMessages,
} from "react-admin";
import { useWatch } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import type { MediaFile } from "../../common/schemas/file";
import { MediaInput } from "./MediaInput";
import { MediaApiProvider, type MediaApi } from "./mediaApi";
import { mediaMessages } from "./messages";

afterEach(cleanup);

const audio = (id: number, originalName: string): MediaFile => ({
  id,
  kind: "audio",
  originalName,
  mime: "audio/mpeg",
  size: 2048,
  sha256: "a".repeat(64),
  url: `/files/library/2026/11/${id}.mp3`,
  width: null,
  height: null,
  durationSec: 65,
  usageCount: 0,
  createdBy: 1,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  version: 1,
});

/** A fake library; `release` lets a test see the upload half way through. */
function fakeApi() {
  const library = [audio(1, "主日讲道.mp3"), audio(2, "诗歌.mp3")];
  let release: () => void = () => undefined;
  const calls: string[] = [];
  const api: MediaApi = {
    async get(id) {
      calls.push(`get ${id}`);
      return library.find((file) => file.id === id)!;
    },
    async list({ q }) {
      calls.push(`list ${q ?? ""}`);
      return library.filter((file) => !q || file.originalName.includes(q));
    },
    upload(file, onProgress) {
      onProgress(512, 2048);
      return new Promise((resolve, reject) => {
        release = () => {
          if (file.name.startsWith("bad"))
            reject(new Error("不支持的内容类型"));
          else resolve(audio(3, file.name));
        };
      });
    },
  };
  return { api, calls, release: () => release() };
}

function Value() {
  const value = useWatch({ name: "audioFileId" });
  return <output data-testid="value">{String(value)}</output>;
}

function setup(
  locale: "zh-CN" | "en-US" = "zh-CN",
  record: Record<string, unknown> = {},
) {
  const fake = fakeApi();
  const i18n = polyglotI18nProvider(
    (language) =>
      ({
        ...englishMessages,
        ...mediaMessages[language === "en-US" ? "en-US" : "zh-CN"],
      }) as TranslationMessages,
    locale,
    [],
    { allowMissing: false },
  );
  render(
    <AdminContext i18nProvider={i18n}>
      <MediaApiProvider value={fake.api}>
        <Form record={record} onSubmit={() => undefined}>
          <MediaInput source="audioFileId" kind="audio" label="Audio" />
          <Value />
        </Form>
      </MediaApiProvider>
    </AdminContext>,
  );
  return { ...fake, user: userEvent.setup() };
}

const mp3 = (name: string) =>
  new File([new Uint8Array(2048)], name, { type: "audio/mpeg" });

describe("MediaInput", () => {
  it("uploads a picked file with a progress bar, then previews it and keeps its id", async () => {
    const { user, release } = setup();
    await user.upload(
      screen.getByTestId("media-file-audioFileId"),
      mp3("讲道.mp3"),
    );
    expect(await screen.findByText("正在上传 25%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    release();
    await waitFor(() =>
      expect(screen.getByTestId("value")).toHaveTextContent("3"),
    );
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    const preview = screen.getByTestId("media-preview");
    expect(preview.querySelector("audio")).toHaveAttribute(
      "src",
      "/files/library/2026/11/3.mp3",
    );
    expect(preview).toHaveTextContent("讲道.mp3 · 2.0 KB · 时长 1:05");
  });

  it("takes a dropped file", async () => {
    const { release } = setup("en-US");
    fireEvent.drop(screen.getByTestId("media-drop-audioFileId"), {
      dataTransfer: { files: [mp3("dropped.mp3")] },
    });
    expect(await screen.findByText("Uploading 25%")).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(screen.getByTestId("value")).toHaveTextContent("3"),
    );
  });

  it.each([
    ["zh-CN", "请选择音频文件"],
    ["en-US", "Please choose an accepted audio file"],
  ] as const)(
    "refuses a file of another kind before uploading (%s)",
    async (locale, message) => {
      const { calls } = setup(locale);
      const input = screen.getByTestId("media-file-audioFileId");
      // The picker's accept would hide it; a drop or a forced pick still gets here.
      fireEvent.change(input, {
        target: {
          files: [new File(["x"], "notes.pdf", { type: "application/pdf" })],
        },
      });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByTestId("value")).toHaveTextContent("undefined");
      expect(calls).toEqual([]);
    },
  );

  it("shows the server's refusal and keeps the value", async () => {
    const { user, release } = setup("zh-CN", { audioFileId: 1 });
    await screen.findByText(/主日讲道\.mp3/);
    await user.upload(
      screen.getByTestId("media-file-audioFileId"),
      mp3("bad.mp3"),
    );
    release();
    expect(await screen.findByText("不支持的内容类型")).toBeInTheDocument();
    expect(screen.getByTestId("value")).toHaveTextContent("1");
  });

  it("chooses a file from the library, found by name", async () => {
    const { user } = setup("en-US");
    await user.click(
      screen.getByRole("button", { name: "Choose from the library" }),
    );
    expect(
      await screen.findByRole("dialog", { name: "Media library: audio" }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search file names"), "诗歌");
    await waitFor(() =>
      expect(screen.queryByText("主日讲道.mp3")).not.toBeInTheDocument(),
    );
    // The list empties while the search runs; wait for the match itself to show.
    await user.click(await screen.findByText("诗歌.mp3"));
    await waitFor(() =>
      expect(screen.getByTestId("value")).toHaveTextContent("2"),
    );
    expect(screen.getByTestId("media-preview")).toHaveTextContent("诗歌.mp3");
  });

  it("previews the record's file and can remove it", async () => {
    const { user } = setup("zh-CN", { audioFileId: 1 });
    expect(await screen.findByText(/主日讲道\.mp3/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "移除" }));
    expect(screen.getByTestId("value")).toHaveTextContent("null");
    expect(screen.queryByTestId("media-preview")).not.toBeInTheDocument();
  });
});

describe("MediaInput's label (issue 25 item 19)", () => {
  it("names its drop zone by the field's label when given none, in both languages", async () => {
    for (const [locale, cover] of [
      ["zh-CN", "封面"],
      ["en-US", "Cover"],
    ] as const) {
      const i18n = polyglotI18nProvider(
        () =>
          ({
            ...englishMessages,
            ...mediaMessages[locale],
            resources: {
              "admin/sermonManage": { fields: { coverFileId: cover } },
            },
          }) as TranslationMessages,
        locale,
      );
      render(
        <AdminContext i18nProvider={i18n}>
          <MediaApiProvider value={fakeApi().api}>
            <ResourceContextProvider value="admin/sermonManage">
              <Form record={{}} onSubmit={() => undefined}>
                <MediaInput source="coverFileId" kind="image" />
              </Form>
            </ResourceContextProvider>
          </MediaApiProvider>
        </AdminContext>,
      );
      expect(await screen.findByRole("group", { name: cover })).toHaveAttribute(
        "data-testid",
        "media-drop-coverFileId",
      );
      cleanup();
    }
  });
});
