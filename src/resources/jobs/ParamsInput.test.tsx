import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { AdminContext, Form } from "react-admin";
import { ParamsInput } from "./ParamsInput";
import { i18nProvider } from "../../providers/i18nProvider";
import { loadFeatureMessages } from "../../i18n/featureMessages";
import type { JobHandlerInfo } from "../../../common/schemas/job";

afterEach(cleanup);

const handler = {
  name: "behavior.rollup",
  paramsSchema: {
    type: "object",
    properties: { days: { type: "integer", minimum: 1, default: 2 } },
  },
} as unknown as JobHandlerInfo;

describe("the job form's parameters (issue 25 item 19)", () => {
  for (const [locale, days] of [
    ["zh-CN", "天数"],
    ["en-US", "Days"],
  ] as const)
    it(`are labelled in ${locale}, not by their code name`, async () => {
      await i18nProvider.changeLocale(locale);
      await loadFeatureMessages(["jobs"]);
      render(
        <AdminContext i18nProvider={i18nProvider}>
          <Form record={{ params: {} }} onSubmit={() => undefined}>
            <ParamsInput handler={handler} />
          </Form>
        </AdminContext>,
      );
      expect(
        await screen.findByRole("spinbutton", { name: days }),
      ).toBeTruthy();
    });
});
