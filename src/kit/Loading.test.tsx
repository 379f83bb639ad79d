import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import { AdminContext } from "react-admin";
import { Loading } from "./Loading";

afterEach(cleanup);

function renderLoading(timeout: number) {
  return render(
    <AdminContext
      i18nProvider={polyglotI18nProvider(() => englishMessages, "en")}
    >
      <Loading timeout={timeout} />
    </AdminContext>,
  );
}

describe("Loading", () => {
  it("shows nothing before its timeout, so a quick load does not flash", () => {
    renderLoading(60_000);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("is a status region with a named spinner and both lines", async () => {
    renderLoading(0);
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(englishMessages.ra.page.loading);
    expect(status).toHaveTextContent(englishMessages.ra.message.loading);
    expect(
      screen.getByRole("progressbar", {
        name: englishMessages.ra.page.loading,
      }),
    ).toBeInTheDocument();
  });
});
