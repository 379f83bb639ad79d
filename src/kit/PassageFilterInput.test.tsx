import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import { AdminContext, Form } from "react-admin";
import { PassageFilterInput } from "./PassageFilterInput";

afterEach(cleanup);

const JOHN = { book: 43, chapter: 3, verse: 16 };

function FormValue() {
  const passage = useWatch({ name: "passage" }) as string;
  return <output aria-label="applied">{passage}</output>;
}

/** The parser's answers, known in advance: nothing goes to a server. */
function renderFilter(answers: Record<string, unknown[]>) {
  const queryClient = new QueryClient();
  for (const [reference, ranges] of Object.entries(answers))
    queryClient.setQueryData(["passageRanges", [reference]], {
      [reference]: ranges,
    });
  return render(
    <AdminContext
      queryClient={queryClient}
      i18nProvider={polyglotI18nProvider(
        () => ({
          ...englishMessages,
          app: { passage: { not_yet: "not a passage yet" } },
        }),
        "en",
      )}
    >
      <Form defaultValues={{ passage: "John 3:16" }}>
        <PassageFilterInput source="passage" label="Passage" />
        <FormValue />
      </Form>
    </AdminContext>,
  );
}

describe("PassageFilterInput", () => {
  it("keeps the applied passage while a reference is half typed, and says so", async () => {
    renderFilter({ John: [] });
    const field = screen.getByLabelText("Passage");
    expect(field).toHaveValue("John 3:16");
    fireEvent.change(field, { target: { value: "John" } });
    expect(await screen.findByText("not a passage yet")).toBeVisible();
    expect(field).toHaveValue("John");
    expect(screen.getByLabelText("applied")).toHaveTextContent("John 3:16");
  });

  it("applies a reference once it reads as a passage, and an emptied field at once", async () => {
    renderFilter({ "John 3:17": [JOHN] });
    const field = screen.getByLabelText("Passage");
    fireEvent.change(field, { target: { value: "John 3:17" } });
    expect(await screen.findByText("John 3:17", { selector: "output" }));
    expect(screen.queryByText("not a passage yet")).toBeNull();
    fireEvent.change(field, { target: { value: " " } });
    await screen.findByText("", { selector: "output" });
    expect(screen.getByLabelText("applied")).toHaveTextContent("");
  });

  it("refuses a reference over the length limit without asking the parser", async () => {
    renderFilter({});
    const field = screen.getByLabelText("Passage");
    fireEvent.change(field, { target: { value: "约".repeat(101) } });
    expect(await screen.findByText(/100 characters or less/)).toBeVisible();
    expect(screen.getByLabelText("applied")).toHaveTextContent("John 3:16");
  });
});
