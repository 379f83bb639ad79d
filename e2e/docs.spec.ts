import { expect, test } from "@playwright/test";

// The API documentation page must work under its CSP: a blocked inline style or script
// shows as a console error and a securitypolicyviolation event.
test("the API docs page renders without a CSP violation", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      );
    });
  });
  await page.goto("/tjc/docs");
  await expect(page.getByText("Lampstand /tjc API")).toBeVisible();
  // Open an operation: its parameters and responses render more inline-styled parts.
  await page.locator(".opblock-summary").first().click();
  await expect(page.locator(".opblock-body").first()).toBeVisible();
  expect(problems).toEqual([]);
});
