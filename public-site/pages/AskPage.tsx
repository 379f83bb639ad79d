import { Pagination } from "./ContentParts";
import { ASK_TABS } from "../../common/schemas/ask-tabs";
import { useSite } from "../context";
import { askUrl, tagName, type PageData } from "../data";
import { formatRange } from "../../common/passages";
import { Highlighted } from "./Highlighted";
import { AccountForm } from "./AccountForm";
import { PasswordResetForm } from "./PasswordResetForm";
import { VerifyEmailForm } from "./VerifyEmail";
import { AskForm } from "./AskForm";
import { MinePage } from "./MinePage";
import { MailPreferences } from "./MailPreferences";
import { AccountSettings } from "./account/AccountSettings";
import { PostByline } from "./Byline";

type AskData = Extract<PageData, { page: "ask" }>;

export function AskPage({ data }: { data: AskData }) {
  if (data.view === "login" || data.view === "signup")
    return (
      <AccountForm
        mode={data.view}
        signUpOpen={data.signUpOpen}
        refused={data.account}
      />
    );
  if (data.view === "forgot" || data.view === "reset")
    return <PasswordResetForm mode={data.view} state={data.account} />;
  if (data.view === "verify") return <VerifyEmailForm state={data.account} />;
  if (data.view === "mine") return <MinePage />;
  if (data.view === "mail") return <MailPreferences state={data.account} />;
  if (data.view === "account") return <AccountSettings state={data.account} />;
  if (data.view === "ask") return <AskForm tags={data.tags} />;
  return <QuestionList data={data} />;
}

function QuestionList({ data }: { data: AskData }) {
  const { t, language } = useSite();
  const { query } = data;
  const pages = Math.max(1, Math.ceil(data.questions.total / data.pageSize));
  return (
    <article>
      <div className="page-head">
        <h1>{t("page.ask.title")}</h1>
        <a className="button" href="/ask?view=ask">
          {t("ask.ask_button")}
        </a>
      </div>
      <p>{t("page.ask.intro")}</p>
      {query.passage ? (
        <p className="passage-filter">
          {data.passageRanges.length > 0
            ? t("passage.questions_on", {
                passage: data.passageRanges
                  .map((range) => formatRange(range, language))
                  .join("; "),
              })
            : t("passage.not_found", { passage: query.passage })}{" "}
          <a href={askUrl({ ...query, passage: "", page: 1 })}>
            {t("passage.clear")}
          </a>
        </p>
      ) : null}
      <form method="get" action="/ask" role="search" className="search">
        <label htmlFor="ask-q" className="visually-hidden">
          {t("ask.search")}
        </label>
        <input
          id="ask-q"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder={t("ask.search")}
          maxLength={200}
        />
        {query.tagId ? (
          <input type="hidden" name="tag" value={query.tagId} />
        ) : null}
        {query.tab !== "newest" ? (
          <input type="hidden" name="tab" value={query.tab} />
        ) : null}
        {query.passage ? (
          <input type="hidden" name="passage" value={query.passage} />
        ) : null}
        <button type="submit">{t("ask.search_button")}</button>
      </form>
      <nav aria-label={t("ask.tabs")} className="tabs">
        {ASK_TABS.map((tab) => (
          <a
            key={tab}
            href={askUrl({ ...query, tab, page: 1 })}
            aria-current={query.tab === tab ? "page" : undefined}
          >
            {t(`ask.tab.${tab}`)}
          </a>
        ))}
      </nav>
      <nav aria-label={t("ask.tag_filter")} className="tag-filter">
        <a
          href={askUrl({ ...query, tagId: null, page: 1 })}
          className="tag"
          aria-current={query.tagId ? undefined : "page"}
        >
          {t("ask.all_tags")}
        </a>
        {data.tags.map((tag) => (
          <a
            key={tag.id}
            href={askUrl({ ...query, tagId: tag.id, page: 1 })}
            className="tag"
            aria-current={query.tagId === tag.id ? "page" : undefined}
          >
            {tagName(tag, language)}
          </a>
        ))}
      </nav>
      {data.questions.list.length === 0 ? (
        <EmptyList query={query.q || query.passage} />
      ) : (
        <ol className="post-list">
          {data.questions.list.map((question) => (
            <li key={question.id} className="post">
              <h2 className="post-title">
                {question.pinned ? (
                  <span className="badge">{t("topic.pinned")}</span>
                ) : null}{" "}
                <a href={`/topicDetail?id=${question.id}`}>
                  <Highlighted
                    parts={data.questions.highlights?.[question.id]?.title}
                    text={question.title}
                  />
                </a>
              </h2>
              <p>
                <Highlighted
                  parts={data.questions.highlights?.[question.id]?.body}
                  text={question.excerpt}
                />
              </p>
              <p className="post-meta">
                <span>{t("ask.votes", { count: question.score })}</span>
                <span>{t("ask.answers", { count: question.answerCount })}</span>
                <span>{t("ask.views", { count: question.views })}</span>
                <span>
                  <PostByline kind="question" post={question} />
                </span>
              </p>
              <p className="post-tags">
                {question.tags.map((tag) => (
                  <a
                    key={tag.id}
                    className="tag"
                    href={askUrl({ tagId: tag.id })}
                  >
                    {tagName(tag, language)}
                  </a>
                ))}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={query.page}
        pages={pages}
        urlOf={(page) => askUrl({ ...query, page })}
      />
    </article>
  );
}

/** An empty list: "No results for …" after a search, else "No questions yet". */
function EmptyList({ query }: { query: string }) {
  const { t } = useSite();
  return <p>{query ? t("ask.no_results", { query }) : t("ask.empty")}</p>;
}
