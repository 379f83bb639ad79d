import { resourceManifest } from "../../kit/manifest";
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
export const articles = resourceManifest({
  page: "articleManage",
  recordName: { "zh-CN": "文章", "en-US": "Article |||| Articles" },
  apiPath: "articles",
  permissionModule: "article",
  inputSchema: () =>
    import("../../../common/schemas/article").then((m) => m.articleInputSchema),
  pages: [{ path: "articleEdit", element: <ArticleEditRoute /> }],
  list: () => <LazyPage component={ArticleList} />,
  recordRepresentation: "title",
});

/** /admin/articleEdit (`?id=` edits, no id creates). */
export function ArticleEditRoute() {
  return <LazyPage component={ArticleEditPageChunk} />;
}
