import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, NavLink, Route, Routes } from "react-router-dom";
import type { Language } from "../common/codes";
import { initialLanguage, messages, saveLanguage } from "./i18n";
import "./site.css";
import { TrackBehavior } from "./TrackBehavior";

/** The public Q&A site's shell: its four routes, a nav and a language switch. */
const PAGES = ["ask", "topicDetail", "choicenessCommon", "tagList"] as const;

function Site() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const t = (key: string) => messages[language][key] ?? key;

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const switchTo = (next: Language) => {
    setLanguage(next);
    saveLanguage(next);
  };

  return (
    <>
      <header className="site-header">
        <a className="site-title" href="/ask">
          {t("site.title")}
        </a>
        <nav aria-label={t("site.nav_label")} className="site-nav">
          {PAGES.map((page) => (
            <NavLink key={page} to={`/${page}`}>
              {t(`page.${page}.title`)}
            </NavLink>
          ))}
        </nav>
        <label className="site-language">
          <span>{t("site.language")}</span>
          <select
            value={language}
            onChange={(e) => switchTo(e.target.value as Language)}
          >
            <option value="zh-CN">简体中文</option>
            <option value="en-US">English</option>
          </select>
        </label>
      </header>
      <main className="site-main">
        <Routes>
          {PAGES.map((page) => (
            <Route
              key={page}
              path={`/${page}`}
              element={<Page page={page} t={t} />}
            />
          ))}
          <Route path="*" element={<h1>{t("page.not_found.title")}</h1>} />
        </Routes>
      </main>
    </>
  );
}

function Page({
  page,
  t,
}: {
  page: (typeof PAGES)[number];
  t: (key: string) => string;
}) {
  useEffect(() => {
    document.title = `${t(`page.${page}.title`)} · ${t("site.title")}`;
  }, [page, t]);
  return (
    <article>
      <h1>{t(`page.${page}.title`)}</h1>
      <p>{t(`page.${page}.intro`)}</p>
      <p className="site-muted">{t("site.coming")}</p>
    </article>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <TrackBehavior />
      <Site />
    </BrowserRouter>
  </StrictMode>,
);
