import { registerMessages, type LanguageMessages } from "./catalog";
import { deepMerge } from "./deepMerge";

/**
 * Each feature's messages, as a chunk of their own: they load with the feature's screens
 * (lazyChunk's third argument), not with the shell. The shell's own catalogue (react-admin's,
 * the app's, the menu's page names, the validation wording) is in ./messages.
 */
function both(...fragments: LanguageMessages[]): LanguageMessages {
  return {
    "zh-CN": deepMerge(...fragments.map((f) => f["zh-CN"])),
    "en-US": deepMerge(...fragments.map((f) => f["en-US"])),
  };
}

export const FEATURE_MESSAGES = {
  // The rich-text editor's, with its toolbar's (ra-input-rich-text's ra.tiptap.*).
  editor: () =>
    Promise.all([import("../editor/messages"), import("./tiptap")]).then(
      ([editor, tiptap]) => both(tiptap.tiptapMessages, editor.editorMessages),
    ),
  media: () => import("../media/messages").then((m) => m.mediaMessages),
  reference: () =>
    import("../reference/messages").then((m) => m.referenceMessages),
  dashboard: () =>
    import("../dashboard/messages").then((m) => m.dashboardMessages),
  behaviorStats: () =>
    import("../behaviorStats/messages").then((m) => m.behaviorStatsMessages),
  system: () =>
    import("../resources/system/messages").then((m) => m.systemMessages),
  jobs: () => import("../resources/jobs/messages").then((m) => m.jobMessages),
  spiders: () =>
    import("../resources/spiders/messages").then((m) => m.spiderMessages),
  // The content resources' (sermons, articles, audios, videos, documents): one namespace.
  content: () =>
    import("../kit/content/messages").then((m) => m.contentMessages),
  disciples: () =>
    import("../resources/disciples/messages").then((m) => m.discipleMessages),
  ministry: () =>
    import("../resources/ministry/messages").then((m) => m.ministryMessages),
  // The Q&A moderation resources': one namespace (moderation.*), a fragment per folder.
  moderation: () =>
    import("../resources/askShared/allMessages").then(
      (m) => m.moderationMessages,
    ),
  live: () => import("../resources/live/messages").then((m) => m.liveMessages),
  twoFactor: () =>
    import("../twoFactor/messages").then((m) => m.twoFactorMessages),
} satisfies Record<string, () => Promise<LanguageMessages>>;

export type Feature = keyof typeof FEATURE_MESSAGES;

/** Loads the features' messages and registers them with the i18n provider. */
export function loadFeatureMessages(
  features: readonly Feature[],
): Promise<void> {
  return Promise.all(
    features.map((feature) =>
      FEATURE_MESSAGES[feature]().then(registerMessages),
    ),
  ).then(() => undefined);
}

/** Every feature's messages, merged per language (for the catalogue's tests). */
export async function allFeatureMessages(): Promise<LanguageMessages> {
  const fragments = await Promise.all(
    Object.values(FEATURE_MESSAGES).map((load) => load()),
  );
  return both(...(fragments as LanguageMessages[]));
}
