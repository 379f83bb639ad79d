import { LazyPage, lazyChunk } from "../layout/chunks";

// The moderation screens load on first visit, as one chunk (they share dialogs).
const load = () => import("./pages");
const pages = {
  askManage: lazyChunk(
    "ask-manage",
    () => load().then((m) => ({ default: m.AskManagePage })),
    ["moderation"],
  ),
  topicDetailManage: lazyChunk(
    "topic-detail-manage",
    () => load().then((m) => ({ default: m.TopicDetailManagePage })),
    ["moderation"],
  ),
  askConfig: lazyChunk(
    "ask-config",
    () => load().then((m) => ({ default: m.AskConfigPage })),
    ["moderation"],
  ),
  askTagManage: lazyChunk(
    "ask-tag-manage",
    () => load().then((m) => ({ default: m.AskTagManagePage })),
    ["moderation"],
  ),
  askComplaintManage: lazyChunk(
    "ask-complaint-manage",
    () => load().then((m) => ({ default: m.AskComplaintPage })),
    ["moderation"],
  ),
  askKeepSilenceManage: lazyChunk(
    "ask-keep-silence-manage",
    () => load().then((m) => ({ default: m.AskMutePage })),
    ["moderation"],
  ),
};

/** The moderation pages (issue 15): path under /admin → element. */
export const MODERATION_PAGES = Object.entries(pages).map(
  ([path, component]) => ({
    path,
    element: <LazyPage component={component} />,
  }),
);
