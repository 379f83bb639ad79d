import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import {
  ListContextProvider,
  RecordContextProvider,
  type ListControllerResult,
} from "react-admin";
import { HighlightField } from "./HighlightField";
import type { ListHighlights } from "./highlights";

afterEach(cleanup);

const record = {
  id: 7,
  title: "周三祷告会",
  body: "<p>长文</p>",
};

function renderCell(
  meta: { highlights?: ListHighlights } | undefined,
  props: { source: string; snippet?: string[] } = { source: "title" },
) {
  const list = { meta, data: [record] } as unknown as ListControllerResult;
  return render(
    <ListContextProvider value={list}>
      <RecordContextProvider value={record}>
        <HighlightField {...props} />
      </RecordContextProvider>
    </ListContextProvider>,
  );
}

describe("HighlightField", () => {
  it("shows the plain value without a keyword", () => {
    const { container } = renderCell(undefined);
    expect(container.textContent).toBe("周三祷告会");
    expect(container.querySelector("mark")).toBeNull();
  });

  it("marks the matched words the list answered", () => {
    const { container } = renderCell({
      highlights: {
        "7": {
          title: [
            { text: "周三" },
            { text: "祷告", hit: true },
            { text: "会" },
          ],
        },
      },
    });
    expect(container.textContent).toBe("周三祷告会");
    const marks = [...container.querySelectorAll("mark")];
    expect(marks.map((mark) => mark.textContent)).toEqual(["祷告"]);
  });

  it("renders markup in a highlight as text, never as HTML", () => {
    const { container } = renderCell({
      highlights: {
        "7": {
          title: [
            { text: "<img src=x onerror=alert(1)>" },
            { text: "<b>祷告</b>", hit: true },
          ],
        },
      },
    });
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("mark")!.textContent).toBe("<b>祷告</b>");
    expect(container.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("adds the first matched long field as a snippet under the value", () => {
    const { container } = renderCell(
      {
        highlights: {
          "7": {
            body: [
              { text: "…弟兄姊妹一同" },
              { text: "祷告", hit: true },
              { text: "，凡事谢恩…" },
            ],
          },
        },
      },
      { source: "title", snippet: ["summary", "body"] },
    );
    const snippet = container.querySelector("[data-snippet]")!;
    expect(snippet.getAttribute("data-snippet")).toBe("body");
    expect(snippet.textContent).toBe("…弟兄姊妹一同祷告，凡事谢恩…");
    expect(snippet.querySelector("mark")!.textContent).toBe("祷告");
    // The title itself had no match: shown as it is.
    expect(container.textContent!.startsWith("周三祷告会")).toBe(true);
  });

  it("ignores malformed highlights and other records' highlights", () => {
    const { container } = renderCell({
      highlights: {
        "7": { title: "<mark>x</mark>" as never },
        "8": { title: [{ text: "别的", hit: true }] },
      },
    });
    expect(container.textContent).toBe("周三祷告会");
    expect(container.querySelector("mark")).toBeNull();
  });
});
