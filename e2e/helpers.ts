import { expect, type Page, type APIRequestContext } from "@playwright/test";

/** The administrator that scripts/e2e.mjs creates on the server it starts. */
export const ADMIN_LOGIN = process.env.E2E_ADMIN_LOGIN ?? "e2e-admin";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

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
  await page.goto("/login");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("token", token);
      document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=86400`;
    },
    { token: session.token, user: session.user },
  );
  await page.goto(toPath);
  return session.token;
}

export interface ApiSession {
  token: string;
  user: { userId: number; userName: string; loginName: string };
  permissions: string[];
}

/** A session for direct API calls (test setup), with the e2e administrator. */
export async function apiLogin(
  request: APIRequestContext,
): Promise<ApiSession> {
  const response = await request.post("/tjc/auth/login", {
    data: { loginName: ADMIN_LOGIN, password: ADMIN_PASSWORD },
  });
  const body = await response.json();
  if (body.code !== 0)
    throw new Error(`API login failed: ${body.code} ${body.message}`);
  return body.data as ApiSession;
}

/** Sets the interface language before the app starts, as a returning user would have it. */
export async function useLanguage(
  page: Page,
  language: "zh-CN" | "en-US",
): Promise<void> {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("aid-language"))
      localStorage.setItem("aid-language", lang);
  }, language);
}
