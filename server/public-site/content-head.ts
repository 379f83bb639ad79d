import type { Language } from "../../common/codes.js";
import { translate } from "../../public-site/i18n.js";
import {
  articlesUrl,
  docsUrl,
  type ContentPageData,
} from "../../public-site/pages/content/data.js";
import { clip, plainText, itemHead, type SermonHead } from "./sermon-head.js";

/** The head of the articles' and documents' pages, in the shape of a sermon page's. */
export function contentHead(
  data: ContentPageData,
  language: Language,
  site: string,
): SermonHead {
  const t = (key: string, args?: Record<string, string>) =>
    translate(language, key, args);
  switch (data.page) {
    case "articles": {
      const { query } = data;
      return {
        title: `${query.author ? t("articles.by_author", { name: query.author }) : t("page.articles.title")} · ${site}`,
        description: t("page.articles.intro"),
        // A keyword's results are not a page of their own; an author's list is.
        path: articlesUrl({ author: query.author, page: query.page }),
        type: "website",
        index: !query.q,
      };
    }
    case "docs": {
      const { query } = data;
      return {
        title: `${t("page.docs.title")} · ${site}`,
        description: t("page.docs.intro"),
        path: docsUrl({ language: query.language, page: query.page }),
        type: "website",
        index: !query.q,
      };
    }
    case "article": {
      const { article } = data;
      const path = `/articles/${article.id}`;
      const description = clip(
        article.summary || plainText(article.body) || article.title,
      );
      return itemHead(site, {
        path,
        title: article.title,
        description,
        cover: article.cover,
        schemaType: "Article",
        fields: {
          headline: article.title.slice(0, 110),
          mainEntityOfPage: path,
          inLanguage: language,
          ...(article.author
            ? { author: { "@type": "Person", name: article.author } }
            : {}),
          ...(article.publishedAt
            ? { datePublished: article.publishedAt }
            : {}),
          ...(article.category ? { articleSection: article.category } : {}),
          ...(article.cover ? { image: article.cover.url } : {}),
        },
      });
    }
    case "doc": {
      const { doc } = data;
      const path = `/docs/${doc.id}`;
      const description = clip(doc.description || doc.title);
      return itemHead(site, {
        path,
        title: doc.title,
        description,
        cover: doc.cover,
        schemaType: "DigitalDocument",
        fields: {
          inLanguage: doc.language === "other" ? undefined : doc.language,
          ...(doc.publishedAt ? { datePublished: doc.publishedAt } : {}),
          ...(doc.file
            ? {
                encodingFormat: doc.file.mime,
                contentUrl: doc.file.url,
              }
            : {}),
          ...(doc.cover ? { image: doc.cover.url } : {}),
        },
      });
    }
  }
}
