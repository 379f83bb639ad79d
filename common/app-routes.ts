/**
 * Which app answers which path (DESIGN.md section 2), defined once for the server, the
 * Vite dev server and the apps themselves.
 */

/** The spec's test routes: admin pages that need no login. */
export const TEST_ROUTES = [
  "/test/test",
  "/test/tree",
  "/ubTest1",
  "/ubTest2",
  "/ubTest3",
  "/ubTest4",
] as const;

/** Paths answered with the admin SPA (history-mode routing); `/admin/*` covers its pages. */
export const ADMIN_SPA_ROUTES = [
  "/",
  "/login",
  "/admin",
  "/admin/*",
  ...TEST_ROUTES,
] as const;

/** The public Q&A site's pages. */
export const PUBLIC_SITE_ROUTES = [
  "/ask",
  "/topicDetail",
  "/choicenessCommon",
  "/tagList",
] as const;

export function isAdminSpaRoute(pathname: string): boolean {
  return ADMIN_SPA_ROUTES.some((route) =>
    route.endsWith("/*")
      ? pathname.startsWith(route.slice(0, -1))
      : pathname === route,
  );
}

/**
 * The content pages (issue 23): sermons, articles, gospel documents (`/docs`; the API
 * reference is `/tjc/docs`), audio and video items, the live service and the passage
 * page, rendered like the Q&A pages.
 */
export const CONTENT_SITE_ROUTES = [
  "/passage",
  "/sermons",
  "/sermons/:id",
  "/sermons/series/:name",
  "/sermons/preachers/:name",
  "/articles",
  "/articles/:id",
  "/docs",
  "/docs/:id",
  "/audios",
  "/audios/:id",
  "/videos",
  "/videos/:id",
  "/live",
] as const;

/** The first path segments of the content pages: `/sermons`, `/sermons/…`, … */
const CONTENT_SECTIONS = [
  "/sermons",
  "/articles",
  "/docs",
  "/audios",
  "/videos",
];

export function isPublicSiteRoute(pathname: string): boolean {
  return (
    (PUBLIC_SITE_ROUTES as readonly string[]).includes(pathname) ||
    pathname === "/passage" ||
    pathname === "/live" ||
    CONTENT_SECTIONS.some(
      (section) => pathname === section || pathname.startsWith(`${section}/`),
    )
  );
}

/**
 * Where a visitor signs up for the community (the public site's sign-up form). The admin
 * login links to it; set it to null to hide that link again.
 */
export const COMMUNITY_SIGN_UP_PATH: string | null = "/ask?view=signup";

/**
 * Where anyone, member or staff, asks for a password reset link by e-mail: the community's
 * page, which works without JavaScript; the admin login links to it (docs/operations.md).
 */
export const PASSWORD_RESET_PATH = "/ask?view=forgot";

/**
 * The public pages the staff login at `/` links to (issue 25), in both languages: the
 * community now, and the sermons once they have public pages. Add them here, and the
 * login screen and its no-JavaScript text both show the link.
 */
export const PUBLIC_SITE_LINKS: readonly {
  path: string;
  label: { "zh-CN": string; "en-US": string };
}[] = [
  { path: "/sermons", label: { "zh-CN": "讲道", "en-US": "Sermons" } },
  { path: "/ask", label: { "zh-CN": "问答社区", "en-US": "Community Q&A" } },
];
