import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import {
  expect,
  test,
  type Browser,
  type Locator,
  type Page,
  type APIRequestContext,
} from "@playwright/test";

import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  answerAdminCode,
  newAdminSession,
  sharedAdminSession,
  type ApiSession,
} from "./admin-session";

/** The administrator that scripts/e2e.mjs creates on the server it starts (enrolled). */
export { ADMIN_LOGIN, ADMIN_PASSWORD, answerAdminCode, type ApiSession };

/**
 * Logs in through the login page, as a person would, and waits to land on `toPath`
 * (default: the admin home, /admin).
 */
export async function login(page: Page, toPath?: string): Promise<void> {
  const target = toPath ?? "/admin";
  await page.goto(
    toPath ? `/login?toPath=${encodeURIComponent(toPath)}` : "/login",
  );
  await page.locator('input[name="loginName"]').fill(ADMIN_LOGIN);
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await answerAdminCode(page);
  await expect(page).toHaveURL((url) => url.pathname + url.search === target);
}

/**
 * Faster login for specs that are not about logging in: asks the API for a session,
 * stores it the way the app does (localStorage `token`, cookie `user`), then opens
 * `toPath` (default /admin).
 */
export async function loginViaApi(
  page: Page,
  toPath = "/admin",
): Promise<string> {
  const session = await apiLogin(page.request);
  await storeSession(page, session);
  await page.goto(toPath);
  return session.token;
}

/**
 * loginViaApi with a session of its own, for a spec that ends it (logout, expiry): the
 * shared one stays alive for the others.
 */
export async function loginViaApiOwnSession(
  page: Page,
  toPath = "/admin",
): Promise<string> {
  const session = await newAdminSession(page.request);
  await storeSession(page, session);
  await page.goto(toPath);
  return session.token;
}

/**
 * Stores a session the way the app does (localStorage `token`, cookie `user`), from a
 * plain same-origin text (`/robots.txt`): storage is per origin, and booting the admin
 * app only to write two values cost about half a second of CPU a login.
 */
async function storeSession(
  page: Page,
  session: Pick<ApiSession, "token" | "user">,
): Promise<void> {
  trackRequests(page);
  await page.goto("/robots.txt");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("token", token);
      document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=86400`;
    },
    { token: session.token, user: session.user },
  );
}

/** The password of the users `createUserWithRole` makes. */
export const E2E_USER_PASSWORD = "lamp-on-a-stand-e2e";

/** Creates a user holding one built-in role (`editor`, `moderator`, …) through the API. */
export async function createUserWithRole(
  request: APIRequestContext,
  role: string,
  loginName: string,
  password: string = E2E_USER_PASSWORD,
): Promise<{ id: number }> {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const roles = await (
    await request.get(
      `/tjc/system/roles?filter=${encodeURIComponent(JSON.stringify({ code: role }))}`,
      { headers },
    )
  ).json();
  const created = await (
    await request.post("/tjc/system/users", {
      headers,
      data: {
        loginName,
        userName: loginName,
        password,
        roleIds: [roles.data.list[0].id],
      },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  return created.data as { id: number };
}

/** Signs in as a user `createUserWithRole` made (through the API) and opens `path`. */
export async function openAsUser(
  page: Page,
  loginName: string,
  path: string,
): Promise<void> {
  await openAs(page, loginName, E2E_USER_PASSWORD, path);
}

/**
 * A session for direct API calls (test setup), with the e2e administrator: one shared
 * session, since each of their codes works once (e2e/admin-session.ts).
 */
export async function apiLogin(
  request: APIRequestContext,
): Promise<ApiSession> {
  return sharedAdminSession(request);
}

/** A page's requests in flight, counted from the first helper that was given the page. */
const traffic = new WeakMap<Page, { inFlight: number; lastChange: number }>();

/** How long no request may have started or ended before the network counts as quiet. */
const QUIET_MS = 200;

/**
 * Counts the page's requests from now on, so `networkQuiet` can tell when none is in
 * flight. The helpers a test opens its pages with call it (Playwright gives each test new
 * page objects, so nothing carries over from one test to the next).
 */
function trackRequests(page: Page): void {
  if (traffic.has(page)) return;
  const state = { inFlight: 0, lastChange: Date.now() };
  traffic.set(page, state);
  const change = (delta: number) => () => {
    state.inFlight = Math.max(0, state.inFlight + delta);
    state.lastChange = Date.now();
  };
  page.on("request", change(1));
  page.on("requestfinished", change(-1));
  page.on("requestfailed", change(-1));
}

/**
 * Resolves once no request is in flight and none started or ended for QUIET_MS.
 * Playwright's "networkidle" waits 500 ms of quiet after a load and is spent once a page
 * has been quiet: a later request (a filter, a dialog's data) is not waited for. A page
 * nobody tracked yet falls back to it, and so does one still busy after 10 s.
 */
async function networkQuiet(page: Page): Promise<void> {
  const state = traffic.get(page);
  if (state) {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (state.inFlight === 0 && Date.now() - state.lastChange >= QUIET_MS)
        return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } else trackRequests(page);
  await page.waitForLoadState("networkidle");
}

/** Sets the interface language before the app starts, as a returning user would have it. */
export async function useLanguage(
  page: Page,
  language: "zh-CN" | "en-US",
): Promise<void> {
  trackRequests(page);
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("aid-language"))
      localStorage.setItem("aid-language", lang);
  }, language);
}

type AxeViolation = Awaited<
  ReturnType<AxeBuilder["analyze"]>
>["violations"][number];

/**
 * The axe rules whose violations are moderate or minor, read from axe-core's own rule
 * metadata: axe gives every violation of a rule that rule's impact, so none of these can
 * ever fail `expectNoSeriousA11yViolations`, and skipping them changes no outcome. A
 * caller that reads the moderate findings too asks for `everyImpact`.
 */
const RULES_BELOW_SERIOUS = (
  axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } }
)._audit.rules
  .filter((rule) => rule.impact !== "serious" && rule.impact !== "critical")
  .map((rule) => rule.id);

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation,
 * listing each one (rule, impact, the first offending nodes) so the failure says what to
 * fix. With `everyImpact`, every rule runs and minor and moderate findings are returned
 * for the caller to look at (not failed on); otherwise only the rules that can be
 * serious or critical run.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label = new URL(page.url()).pathname,
  { everyImpact = false }: { everyImpact?: boolean } = {},
): Promise<AxeViolation[]> {
  // The page's data must have arrived, and MUI's transitions (menus, collapses, the
  // overlay's fade) must have settled, or axe measures half-faded text. The suite runs
  // with reduced motion, so a transition ends in its first frame: two frames, then every
  // finite animation or transition still running (2 s at most, for a tooltip on a loaded
  // machine).
  await networkQuiet(page);
  await page.evaluate(() =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    ).then(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.effect?.getComputedTiming().iterations !== Infinity,
            )
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
    ),
  );
  // axe's default rule set (WCAG 2.0/2.1 A and AA plus best practices), as issue 9
  // measured; WCAG 2.2's target-size is not enforced yet (docs/admin.md).
  // - Only violations are read, so axe details no passing or incomplete node: its
  //   `resultTypes` option keeps one node of each such rule instead of all of them.
  // - Legacy mode runs axe once in the page. The default mode also opens a blank page
  //   and loads axe into it to merge the frames' results, which tripled the CPU of a
  //   check; what it adds is cross-origin frames, and the only ones the app embeds are a
  //   video site's player, not its own content (docs/decisions.md, "Tests and CI").
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  if (!everyImpact) builder = builder.disableRules(RULES_BELOW_SERIOUS);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) =>
      violation.impact === "serious" || violation.impact === "critical",
  );
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `    ${node.target.join(" ")}  ${node.html.slice(0, 160)}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`,
        )
        .join("\n"),
  );
  expect(report, `axe on ${label}`).toEqual([]);
  return results.violations;
}

/** Signs in as that user (through the API, stored as the app stores it) and opens `path`. */
export async function openAs(
  page: Page,
  loginName: string,
  password: string,
  path: string,
): Promise<void> {
  const response = await page.request.post("/tjc/auth/login", {
    data: { loginName, password },
  });
  await storeSession(page, (await response.json()).data as ApiSession);
  await page.goto(path);
}

/** A public page's visitor on a 390×844 phone, in `language`, with or without JavaScript. */
export async function openPhonePage(
  browser: Browser,
  language: "zh-CN" | "en-US",
  javaScriptEnabled: boolean,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language,
    javaScriptEnabled,
  });
  await context.addCookies([
    {
      name: "aid-language",
      value: language,
      url: test.info().project.use.baseURL ?? "http://127.0.0.1:8080",
    },
  ]);
  const page = await context.newPage();
  trackRequests(page);
  return page;
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Plays a muted recording and has the page itself pause it at the first time update past
 * `seconds`, resolving with where it stopped. The samples last 2 s: a pause sent from the
 * test after polling could land after the end, where a position counts as "finished".
 */
export async function playUntil(
  media: Locator,
  seconds: number,
): Promise<number> {
  return media.evaluate(
    (element: HTMLMediaElement, at: number) =>
      new Promise<number>((resolve, reject) => {
        const onTime = () => {
          if (element.currentTime < at) return;
          element.pause();
          element.removeEventListener("timeupdate", onTime);
          resolve(element.currentTime);
        };
        element.addEventListener("timeupdate", onTime);
        element.muted = true;
        element.play().catch(reject);
      }),
    seconds,
  );
}

/**
 * Clicks `target` (a list row, say) until the page is at `url`. A list that refetches
 * after a filter re-renders its rows, and a click that lands mid-render is lost on a
 * loaded machine; clicking again once the page has not moved is what a person does too.
 */
export async function clickThrough(
  page: Page,
  target: Locator,
  url: RegExp,
): Promise<void> {
  await expect(async () => {
    if (!url.test(page.url())) await target.click({ timeout: 3000 });
    await expect(page).toHaveURL(url, { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
