import { formatTime, useSite } from "../context";

interface Author {
  userName: string;
  staff: boolean;
  /** Posted anonymously (issue 24): named in the reader's language, never by name. */
  anonymous?: boolean;
}

/** An author's name, with the staff badge for a back-office account (issue 25). */
export function AuthorName({ author }: { author: Author }) {
  const { t } = useSite();
  return (
    <>
      <span className="author-name">
        {author.anonymous ? t("author.anonymous") : author.userName}
      </span>
      {author.staff ? (
        <>
          {" "}
          <span className="badge staff-badge" title={t("author.staff_title")}>
            {t("author.staff")}
          </span>
        </>
      ) : null}
    </>
  );
}

const NAME_MARK = "\u0000";

/**
 * "Asked by <name> on <time>" (or a notice's "from <name> · <time>"), the name and its
 * badge where the message puts it.
 */
export function Byline({
  message,
  author,
  time,
}: {
  message:
    "ask.asked_by" | "ask.answered_by" | "notice.by" | "notice.by_latest";
  author: Author;
  time: string;
}) {
  const { t, language } = useSite();
  const [before, after = ""] = t(message, {
    name: NAME_MARK,
    time: formatTime(time, language),
  }).split(NAME_MARK);
  return (
    <>
      {before}
      <AuthorName author={author} />
      {after}
    </>
  );
}

/** A post's byline: "asked by" for a question, "answered by" for an answer. */
export function PostByline({
  kind,
  post,
}: {
  kind: "question" | "answer";
  post: { author: Author; createdAt: string };
}) {
  return (
    <Byline
      message={kind === "question" ? "ask.asked_by" : "ask.answered_by"}
      author={post.author}
      time={post.createdAt}
    />
  );
}
