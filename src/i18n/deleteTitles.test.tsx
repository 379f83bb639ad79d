import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import {
  AdminContext,
  DeleteWithConfirmButton,
  RecordContextProvider,
  ResourceContextProvider,
} from "react-admin";
import { isRegistered, type ResourceManifest } from "../kit/manifest";
import { RESOURCES as MANIFESTS } from "../resources";
import { i18nProvider } from "../providers/i18nProvider";
import { FEATURE_MESSAGES, loadFeatureMessages } from "./featureMessages";

afterEach(cleanup);

/**
 * What one record of each resource is called in a delete dialog (react-admin's
 * ra.message.delete_title/delete_content read `resources.<name>.name` in the singular):
 * English read "delete this roles", Chinese "删除角色管理" (issue 25 item 19). The name is
 * the manifest's `recordName`; a resource added since this table was written is expected
 * to show its manifest's singular (see `expectedName`).
 */
const SINGULAR: Record<string, { "zh-CN": string; "en-US": string }> = {
  "admin/tagManage": { "zh-CN": "标签", "en-US": "tag" },
  "admin/system/userManage": { "zh-CN": "用户", "en-US": "user" },
  "admin/system/roleManage": { "zh-CN": "角色", "en-US": "role" },
  "admin/system/auditLog": { "zh-CN": "审计记录", "en-US": "audit log entry" },
  "admin/system/loginLog": { "zh-CN": "登录记录", "en-US": "login record" },
  "admin/system/mailOutbox": { "zh-CN": "邮件", "en-US": "message" },
  "admin/system/onlineSessions": { "zh-CN": "会话", "en-US": "session" },
  "admin/system/jobManage": { "zh-CN": "定时任务", "en-US": "job" },
  "admin/system/joblogManage": {
    "zh-CN": "任务日志",
    "en-US": "job log entry",
  },
  "admin/spiderManage": { "zh-CN": "采集配置", "en-US": "crawler source" },
  "admin/spiderRuns": { "zh-CN": "运行记录", "en-US": "run" },
  "admin/sermonManage": { "zh-CN": "讲道", "en-US": "sermon" },
  "admin/mySermonManage": { "zh-CN": "我的讲道", "en-US": "my sermon" },
  "admin/articleManage": { "zh-CN": "文章", "en-US": "article" },
  "admin/audioManage": { "zh-CN": "音频", "en-US": "audio" },
  "admin/videoManage": { "zh-CN": "视频", "en-US": "video" },
  "admin/docManage": { "zh-CN": "福音文档", "en-US": "gospel document" },
  "admin/discipleManage": { "zh-CN": "信徒", "en-US": "believer" },
  "admin/channelManage": { "zh-CN": "直播频道", "en-US": "live channel" },
  "admin/liveVideoManage": { "zh-CN": "直播视频", "en-US": "live video" },
  "admin/configLiveNotice": { "zh-CN": "直播公告", "en-US": "live notice" },
  "admin/system/configManage": {
    "zh-CN": "配置项",
    "en-US": "configuration entry",
  },
  "admin/system/resourcePageManage": {
    "zh-CN": "资源页面",
    "en-US": "resource page",
  },
  "admin/askManage": { "zh-CN": "问题", "en-US": "question" },
  "admin/askReview": {
    "zh-CN": "待审核内容",
    "en-US": "post waiting for review",
  },
  "admin/topicDetailManage": { "zh-CN": "回答", "en-US": "answer" },
  "admin/askTagManage": { "zh-CN": "问答标签", "en-US": "Q&A tag" },
  "admin/askKeepSilenceManage": { "zh-CN": "禁言", "en-US": "mute" },
  "admin/askComplaintManage": { "zh-CN": "举报", "en-US": "report" },
  "admin/system/permission/resource": {
    "zh-CN": "权限资源",
    "en-US": "permission resource",
  },
};

// The resources App.tsx registers: the manifests in src/resources/index.ts.
const REGISTERED = MANIFESTS.filter(isRegistered);
const RESOURCES = REGISTERED.map((manifest) => manifest.name);

/**
 * The name a dialog shows: the table's, else the manifest's singular as react-admin
 * renders it (DeleteWithConfirmButton lower-cases `resources.<name>.name`, unless the
 * resource has a `forcedCaseName`: such a resource needs a row in the table).
 */
function expectedName(
  manifest: ResourceManifest,
  locale: "zh-CN" | "en-US",
): string {
  const listed = SINGULAR[manifest.name];
  if (listed) return listed[locale];
  const singular = manifest.recordName![locale].split("||||")[0]!.trim();
  return locale === "en-US" ? singular.toLowerCase() : singular;
}

function dialogOf(resource: string) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>
        <RecordContextProvider value={{ id: 7 }}>
          <DeleteWithConfirmButton />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe("delete dialogs name one record in the singular", () => {
  it("covers every resource the admin registers", () => {
    expect(RESOURCES.length).toBeGreaterThan(20);
    // every row of the table is a resource the admin registers
    expect(Object.keys(SINGULAR).filter((n) => !RESOURCES.includes(n))).toEqual(
      [],
    );
    // and every registered resource names its record in its manifest, in both
    // languages: Chinese in one form and not the page's title ("角色", not "角色管理")
    for (const manifest of REGISTERED) {
      const { name, recordName } = manifest;
      expect(recordName?.["zh-CN"].trim(), name).toBeTruthy();
      expect(recordName?.["en-US"].split("||||")[0]!.trim(), name).toBeTruthy();
      expect(recordName!["zh-CN"], name).not.toContain("||||");
      expect(recordName!["zh-CN"], name).not.toContain("管理");
    }
  });

  for (const [locale, button, title, content] of [
    ["zh-CN", "删除", "删除%{name} #7", "确定要删除此%{name}吗？"],
    [
      "en-US",
      "Delete",
      "Delete %{name} #7",
      "Are you sure you want to delete this %{name}?",
    ],
  ] as const) {
    it(`reads the singular name in ${locale}`, async () => {
      await i18nProvider.changeLocale(locale);
      await loadFeatureMessages(
        Object.keys(FEATURE_MESSAGES) as (keyof typeof FEATURE_MESSAGES)[],
      );
      for (const manifest of REGISTERED) {
        const resource = manifest.name;
        dialogOf(resource);
        fireEvent.click(screen.getByRole("button", { name: button }));
        const dialog = await screen.findByRole("dialog");
        const name = expectedName(manifest, locale);
        expect(dialog.textContent, resource).toContain(
          title.replace("%{name}", name),
        );
        expect(dialog.textContent, resource).toContain(
          content.replace("%{name}", name),
        );
        expect(dialog.textContent, resource).not.toContain("管理");
        cleanup();
      }
    });
  }
});
