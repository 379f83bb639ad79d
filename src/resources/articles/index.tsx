import ArticleIcon from "@mui/icons-material/Article";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const ArticleList = lazyChunk(
  "article-list",
  () => import("./ArticleList").then((m) => ({ default: m.ArticleList })),
  ["content"],
);
const ArticleEditPageChunk = lazyChunk(
  "article-edit",
  () =>
    import("./ArticleEditPage").then((m) => ({ default: m.ArticleEditPage })),
  ["content", "media", "editor"],
);

/** /admin/articleManage; creating and editing happen in the full-page editor. */
export const articles = {
  list: () => <LazyPage component={ArticleList} />,
  icon: ArticleIcon,
  recordRepresentation: "title",
};

/** /admin/articleEdit (`?id=` edits, no id creates). */
export function ArticleEditRoute() {
  return <LazyPage component={ArticleEditPageChunk} />;
}
