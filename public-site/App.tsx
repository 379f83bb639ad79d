import { useEffect, useMemo, useRef, useState } from "react";
import { Code, type Language } from "../common/codes";
import {
  api,
  ApiFailure,
  clearSession,
  currentUser,
  type SiteUser,
} from "./api";
import { SiteContext, useSite, type SiteContextValue } from "./context";
import { siteTitle, type SiteProps } from "./data";
import { saveLanguage, translate } from "./i18n";
import { AskPage } from "./pages/AskPage";
import { ChoicenessPage } from "./pages/ChoicenessPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { TagListPage } from "./pages/TagListPage";
import { TopicPage } from "./pages/TopicPage";
import { SermonsPage } from "./pages/sermons/SermonsPage";
import { SermonPage } from "./pages/sermons/SermonPage";
import { PassagePage } from "./pages/passage/PassagePage";
import {
  ArticlePage,
  ArticlesPage,
  DocPage,
  DocsPage,
} from "./pages/content/ContentPages";
import { LivePage } from "./pages/live/LivePage";
import {
  AudioPage,
  AudiosPage,
  VideoPage,
  VideosPage,
} from "./pages/media/MediaPages";

/** The shared header's pages: the content half, then the community's. */
const NAV = [
  "sermons",
  "articles",
  "docs",
  "audios",
  "videos",
  "live",
  "ask",
  "choicenessCommon",
  "tagList",
] as const;

/** Which header entry a page belongs to (a detail page under its list). */
const SECTION: Partial<Record<SiteProps["data"]["page"], string>> = {
  sermon: "sermons",
  article: "articles",
  doc: "docs",
  audio: "audios",
  video: "videos",
  topicDetail: "ask",
};

/** The public site: one tree, rendered on the server and hydrated in the browser. */
export function Site({ language, data, siteName }: SiteProps) {
  const [user, setUser] = useState<SiteUser | null>(null);
  const [unread, setUnread] = useState(0);
  useEffect(() => setUser(currentUser()), []);
  useEffect(() => {
    if (!user) return setUnread(0);
    api<{ unread: number }>(language, "GET", "/ask/me")
      .then((me) => setUnread(me.unread))
      .catch((failure: unknown) => {
        // A session ended elsewhere (logout, password reset, an administrator): the header
        // stops showing the member as logged in.
        if (
          failure instanceof ApiFailure &&
          failure.code === Code.SESSION_EXPIRED
        )
          setUser(null);
      });
  }, [user, language]);
  const site = useMemo<SiteContextValue>(
    () => ({
      language,
      t: (key, args) => translate(language, key, args),
      user,
      setUser,
    }),
    [language, user],
  );
  const { t } = site;
  const logout = async () => {
    try {
      await api(language, "POST", "/auth/logout");
    } catch {
      // The session is gone either way.
    }
    clearSession();
    setUser(null);
  };

  return (
    <SiteContext.Provider value={site}>
      <header className="site-header">
        <a className="site-title" href="/ask">
          {siteTitle(language, siteName)}
        </a>
        <nav aria-label={t("site.nav_label")} className="site-nav">
          {NAV.map((page) => (
            <a
              key={page}
              href={`/${page}`}
              className={
                (SECTION[data.page] ?? data.page) === page
                  ? "active"
                  : undefined
              }
              aria-current={data.page === page ? "page" : undefined}
            >
              {t(`page.${page}.title`)}
            </a>
          ))}
        </nav>
        <div className="site-account">
          {user ? (
            <>
              <a href="/ask?view=mine" className="site-mine">
                <span className="site-user-name">
                  {t("account.mine")} · {user.userName}
                </span>
                {unread > 0 ? (
                  <>
                    <span className="unread-badge" aria-hidden="true">
                      {unread > 99 ? "99+" : unread}
                    </span>
                    <span className="visually-hidden">
                      {t("account.unread", { count: unread })}
                    </span>
                  </>
                ) : null}
              </a>
              <button type="button" className="link-button" onClick={logout}>
                {t("account.logout")}
              </button>
            </>
          ) : (
            <>
              <a href="/ask?view=login">{t("account.login")}</a>
              <a href="/ask?view=signup">{t("account.signup")}</a>
            </>
          )}
        </div>
        <LanguageSwitch />
      </header>
      <main className="site-main">
        {data.page === "ask" ? (
          <AskPage data={data} />
        ) : data.page === "topicDetail" ? (
          <TopicPage data={data} />
        ) : data.page === "choicenessCommon" ? (
          <ChoicenessPage data={data} />
        ) : data.page === "tagList" ? (
          <TagListPage data={data} />
        ) : data.page === "sermons" ? (
          <SermonsPage data={data} />
        ) : data.page === "sermon" ? (
          <SermonPage data={data} />
        ) : data.page === "passage" ? (
          <PassagePage data={data} />
        ) : data.page === "articles" ? (
          <ArticlesPage data={data} />
        ) : data.page === "article" ? (
          <ArticlePage data={data} />
        ) : data.page === "docs" ? (
          <DocsPage data={data} />
        ) : data.page === "doc" ? (
          <DocPage data={data} />
        ) : data.page === "audios" ? (
          <AudiosPage data={data} />
        ) : data.page === "audio" ? (
          <AudioPage data={data} />
        ) : data.page === "videos" ? (
          <VideosPage data={data} />
        ) : data.page === "video" ? (
          <VideoPage data={data} />
        ) : data.page === "live" ? (
          <LivePage data={data} />
        ) : (
          <NotFoundPage
            about={data.page === "notFound" ? data.about : undefined}
          />
        )}
      </main>
    </SiteContext.Provider>
  );
}

function switchTo(next: Language): void {
  saveLanguage(next);
  window.location.reload();
}

/**
 * The header's language choice. Without JavaScript its form asks the server to keep the
 * choice (server/public-site/language-switch.ts); with it, the page saves it and reloads.
 */
function LanguageSwitch() {
  const { language, t } = useSite();
  // A language chosen before the page's script ran (a slow phone) had no one to hear it:
  // it is acted on once the page is live.
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== language) switchTo(chosen as Language);
    // Once, after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form className="site-language" method="get" action="/language">
      <label>
        <span>{t("site.language")}</span>
        <select
          ref={select}
          name="to"
          defaultValue={language}
          onChange={(e) => switchTo(e.target.value as Language)}
        >
          <option value="zh-CN">简体中文</option>
          <option value="en-US">English</option>
        </select>
      </label>
      <noscript>
        <button type="submit">{t("site.language_apply")}</button>
      </noscript>
    </form>
  );
}
