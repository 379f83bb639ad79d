import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { TranslationMessages } from "ra-core";
import { Form } from "ra-core";
import { AdminContext } from "react-admin";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Editor } from "@tiptap/core";
import { editorMessages } from "./messages";
import { RichTextInput } from "./RichTextInput";

const i18nProvider = polyglotI18nProvider(
  () => editorMessages["en-US"] as TranslationMessages,
  "en-US",
);

function renderInForm(
  defaultValues: Record<string, unknown>,
  preset: "article" | "compact",
  onSubmit = vi.fn(),
) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form defaultValues={defaultValues} onSubmit={onSubmit}>
        <RichTextInput
          source="body"
          preset={preset}
          uploadImage={async () => "/files/images/x.png"}
        />
        <button type="submit">save</button>
      </Form>
    </AdminContext>,
  );
  return onSubmit;
}

async function editorOf(): Promise<Editor> {
  return waitFor(() => {
    const element = document.querySelector(".ProseMirror") as
      (HTMLElement & { editor?: Editor }) | null;
    expect(element?.editor).toBeDefined();
    return element!.editor!;
  });
}

afterEach(() => cleanup());

describe("RichTextInput in a react-admin form", () => {
  it("saves an emptied document as the empty string, not null or <p></p>", async () => {
    const onSubmit = renderInForm({ body: "<p>text</p>" }, "article");
    const editor = await editorOf();
    act(() => {
      editor.commands.clearContent(true);
    });
    fireEvent.click(screen.getByText("save"));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].body).toBe("");
  });

  it("loads stored HTML through the allowlist", async () => {
    renderInForm(
      { body: `<p>a<img src="javascript:alert(1)"></p>` },
      "article",
    );
    const editor = await editorOf();
    await waitFor(() => expect(editor.getHTML()).toBe(`<p>a<img src=""></p>`));
  });

  it("the compact preset offers 10px to 32px with 14px as the default", async () => {
    renderInForm({ body: "" }, "compact");
    await editorOf();
    const toolbar = await screen.findByRole("toolbar");
    const sizeSelect = within(toolbar).getByRole("combobox", { name: "Size" });
    expect(sizeSelect.textContent).toBe("14px");
    fireEvent.mouseDown(sizeSelect);
    const options = (await screen.findAllByRole("option")).map(
      (option) => option.textContent,
    );
    expect(options).toEqual([
      "Default size (14px)",
      ...Array.from({ length: 12 }, (_, index) => `${10 + index * 2}px`),
    ]);
  });

  it("the article preset offers 12px to 32px and headings 1 to 3", async () => {
    renderInForm({ body: "" }, "article");
    await editorOf();
    const toolbar = await screen.findByRole("toolbar");
    fireEvent.mouseDown(
      within(toolbar).getByRole("combobox", { name: "Size" }),
    );
    const sizes = (await screen.findAllByRole("option")).map(
      (option) => option.textContent,
    );
    expect(sizes.slice(1)).toEqual(
      Array.from({ length: 11 }, (_, index) => `${12 + index * 2}px`),
    );
    fireEvent.keyDown(screen.getAllByRole("option")[0], { key: "Escape" });
    await waitFor(() =>
      expect(screen.queryAllByRole("option")).toHaveLength(0),
    );
    fireEvent.mouseDown(
      within(toolbar).getByRole("combobox", { name: "Paragraph style" }),
    );
    const levels = (await screen.findAllByRole("option")).map(
      (option) => option.textContent,
    );
    expect(levels).toEqual(["Normal", "Heading 1", "Heading 2", "Heading 3"]);
  });
});
