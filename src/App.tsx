import { LazyPage, lazyChunk } from "./layout/chunks";
import { TWO_FACTOR_PATH } from "./http/client";
import { TrackBehavior } from "./behavior/TrackBehavior";
import CssBaseline from "@mui/material/CssBaseline";
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  Resource,
  localStorageStore,
} from "react-admin";
import { Loading } from "./kit/Loading";
import type { ReactElement } from "react";
import { BrowserRouter, Route } from "react-router-dom";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { i18nProvider } from "./providers/i18nProvider";
import { getCurrentLanguage } from "./i18n/language";
import { AccessDenied } from "./layout/AccessDenied";
import { AppTitle } from "./layout/AppTitle";
import { AdminHome } from "./layout/AdminHome";
import { Layout } from "./layout/Layout";
import { LoginPage } from "./layout/LoginPage";
import { NotFound } from "./layout/NotFound";
import { AppNotification } from "./layout/NoticeBridge";
import { PUBLIC_PAGE_PATHS, PublicPageLink } from "./layout/PublicPageLink";
import { RouterBridge, ScrollMemory } from "./layout/RouterBridge";
import { pagePermission } from "./layout/adminPages";
import { RequirePermission, guardScreens } from "./layout/RequirePermission";
import { darkTheme, lightTheme } from "./layout/theme";
import { EditorTestPage, TreeTestPage, UbTestPage } from "./pages/TestPages";
import { RESOURCES } from "./resources";
import { isRegistered, type ResourceManifest } from "./kit/manifest";

// Setting up two-factor login: outside the layout, since a session that must enrol first
// reaches nothing else.
const TwoFactorPage = lazyChunk(
  "two-factor",
  () =>
    import("./twoFactor/TwoFactorPage").then((m) => ({
      default: m.TwoFactorPage,
    })),
  ["twoFactor"],
);

// The user's own profile page.
const ProfilePage = lazyChunk(
  "profile",
  () =>
    import("./profile/ProfilePage").then((m) => ({ default: m.ProfilePage })),
  ["system"],
);

/** A custom page under /admin, open only to a holder of its code (adminPages.ts). */
function guarded(path: string, element: ReactElement, code?: string) {
  return (
    <Route
      key={path}
      path={`/admin/${path}`}
      element={
        <RequirePermission code={code ?? pagePermission(path)}>
          {element}
        </RequirePermission>
      }
    />
  );
}

/** The parts of a manifest react-admin's <Resource> takes. */
function screensOf(manifest: ResourceManifest) {
  const { list, create, edit, show, icon, recordRepresentation } = manifest;
  return { list, create, edit, show, icon, recordRepresentation };
}

/**
 * The react-admin resources, each screen behind its permission; made once, so a render
 * never makes new component types (which would remount). A manifest with only pages of
 * its own registers none.
 */
const REGISTERED = RESOURCES.filter(isRegistered).map((manifest) => ({
  name: manifest.name,
  apiPath: manifest.apiPath,
  screens: guardScreens(screensOf(manifest)),
}));

// react-admin keeps its own copy of the locale; start it from aid-language (the spec's key).
const store = localStorageStore("1", "lampstand");
store.setItem("locale", getCurrentLanguage());

export function App() {
  return (
    <BrowserRouter>
      <RouterBridge />
      <TrackBehavior />
      <ScrollMemory />
      {/* <Admin> spelled out (AdminContext + AdminUI's body): AdminUI's defaults (react-admin's
          login form with its form library, its layout, menu and 404) would otherwise be in
          the first chunk although every one of them is replaced here. */}
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
        darkTheme={darkTheme}
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            title={<AppTitle />}
            layout={Layout}
            loginPage={LoginPage}
            catchAll={NotFound}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            error={ErrorPage}
            loading={Loading}
            disableTelemetry
          >
            <CustomRoutes noLayout>
              <Route path="/" element={<LoginPage />} />
              <Route
                path={TWO_FACTOR_PATH}
                element={<LazyPage component={TwoFactorPage} />}
              />
              <Route path="/test/test" element={<EditorTestPage />} />
              <Route path="/test/tree" element={<TreeTestPage />} />
              {[1, 2, 3, 4].map((n) => (
                <Route
                  key={n}
                  path={`/ubTest${n}`}
                  element={<UbTestPage n={n} />}
                />
              ))}
            </CustomRoutes>
            <CustomRoutes>
              <Route path="/admin" element={<AdminHome />} />
              <Route
                path="/admin/profile"
                element={<LazyPage component={ProfilePage} />}
              />
              {RESOURCES.flatMap((manifest) =>
                (manifest.pages ?? []).map(({ path, element, permission }) =>
                  guarded(path, element, permission),
                ),
              )}
              {PUBLIC_PAGE_PATHS.map((path) =>
                guarded(path, <PublicPageLink path={path} />),
              )}
            </CustomRoutes>
            {REGISTERED.map(({ name, apiPath, screens }) => (
              <Resource
                key={name}
                name={name}
                {...screens}
                options={{ apiPath }}
              />
            ))}
          </CoreAdminUI>
          <AppNotification />
        </CssBaseline>
      </AdminContext>
    </BrowserRouter>
  );
}
