import { LazyPage, lazyChunk } from "./layout/chunks";
import { TrackBehavior } from "./behavior/TrackBehavior";
import CssBaseline from "@mui/material/CssBaseline";
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  Resource,
  localStorageStore,
} from "react-admin";
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
import tags from "./resources/tags";
import users from "./resources/system/users";
import roles from "./resources/system/roles";
import auditLog from "./resources/system/auditLog";
import loginLog from "./resources/system/loginLog";
import mailOutbox from "./resources/system/mailOutbox";
import onlineSessions from "./resources/system/onlineSessions";
import jobs from "./resources/jobs";
import jobLogs from "./resources/jobLogs";
import spiders from "./resources/spiders";
import { mySermons, sermons } from "./resources/sermons";
import { ArticleEditRoute, articles } from "./resources/articles";
import audios from "./resources/audios";
import videos from "./resources/videos";
import gospelDocs from "./resources/gospelDocs";
import disciples, { DiscipleImport } from "./resources/disciples";
import { MinistryConfigPage } from "./resources/ministry";
import channels from "./resources/live/channels";
import liveVideos from "./resources/live/videos";
import liveNotices from "./resources/live/notices";
import { LiveConfigRoute } from "./resources/live/config";
import configs from "./resources/system/configs";
import resourcePages from "./resources/system/resourcePages";
import permissionTree from "./resources/system/permissionTree";
import { MODERATION_PAGES } from "./moderation";

// The statistics screen and its chart library load on first visit.
const BehaviorStatsPage = lazyChunk(
  "behavior-stats",
  () =>
    import("./behaviorStats/BehaviorStatsPage").then((m) => ({
      default: m.BehaviorStatsPage,
    })),
  ["behaviorStats"],
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
            loading={LoadingPage}
            disableTelemetry
          >
            <CustomRoutes noLayout>
              <Route path="/" element={<LoginPage />} />
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
              {guarded(
                "system/userBehaviorStat",
                <LazyPage component={BehaviorStatsPage} />,
              )}
              {guarded(
                "discipleManage/import",
                // The import's duplicate check compares phone numbers: it needs the
                // contact permission too (docs/believers.md).
                <RequirePermission code="disciple:contact">
                  <LazyPage component={DiscipleImport} />
                </RequirePermission>,
                "disciple:create",
              )}
              {guarded(
                "configManage",
                <LazyPage component={MinistryConfigPage} />,
              )}
              {guarded("articleEdit", <ArticleEditRoute />)}
              {MODERATION_PAGES.map(({ path, element }) =>
                guarded(path, element),
              )}
              {guarded("configLive", <LiveConfigRoute />)}
              {PUBLIC_PAGE_PATHS.map((path) =>
                guarded(path, <PublicPageLink path={path} />),
              )}
            </CustomRoutes>
            <Resource name="admin/tagManage" {...guardScreens(tags)} />
            <Resource name="admin/system/userManage" {...guardScreens(users)} />
            <Resource name="admin/system/roleManage" {...guardScreens(roles)} />
            <Resource
              name="admin/system/auditLog"
              {...guardScreens(auditLog)}
            />
            <Resource
              name="admin/system/loginLog"
              {...guardScreens(loginLog)}
            />
            <Resource
              name="admin/system/onlineSessions"
              {...guardScreens(onlineSessions)}
            />
            <Resource
              name="admin/system/mailOutbox"
              {...guardScreens(mailOutbox)}
            />
            <Resource name="admin/system/jobManage" {...guardScreens(jobs)} />
            <Resource
              name="admin/system/joblogManage"
              {...guardScreens(jobLogs)}
            />
            <Resource name="admin/spiderManage" {...guardScreens(spiders)} />
            <Resource name="admin/spiderRuns" />
            <Resource name="admin/sermonManage" {...guardScreens(sermons)} />
            <Resource
              name="admin/mySermonManage"
              {...guardScreens(mySermons)}
            />
            <Resource name="admin/articleManage" {...guardScreens(articles)} />
            <Resource name="admin/audioManage" {...guardScreens(audios)} />
            <Resource name="admin/videoManage" {...guardScreens(videos)} />
            <Resource name="admin/docManage" {...guardScreens(gospelDocs)} />
            <Resource
              name="admin/discipleManage"
              {...guardScreens(disciples)}
            />
            <Resource name="admin/channelManage" {...guardScreens(channels)} />
            <Resource
              name="admin/liveVideoManage"
              {...guardScreens(liveVideos)}
            />
            <Resource
              name="admin/configLiveNotice"
              {...guardScreens(liveNotices)}
            />
            <Resource
              name="admin/system/configManage"
              {...guardScreens(configs)}
            />
            <Resource
              name="admin/system/resourcePageManage"
              {...guardScreens(resourcePages)}
            />
            <Resource
              name="admin/system/permission/resource"
              {...guardScreens(permissionTree)}
            />
          </CoreAdminUI>
          <AppNotification />
        </CssBaseline>
      </AdminContext>
    </BrowserRouter>
  );
}
