import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const AskMuteList = lazyChunk(
  "ask-mute-list",
  () => import("./AskMuteList").then((m) => ({ default: m.AskMuteList })),
  ["moderation"],
);

/** The mutes resource, at /admin/askKeepSilenceManage: mute a member by name, lift a mute. */
export default resourceManifest({
  page: "askKeepSilenceManage",
  recordName: { "zh-CN": "禁言", "en-US": "Mute |||| Mutes" },
  apiPath: "ask/admin/mutes",
  permissionModule: "askMute",
  inputSchema: () =>
    import("../../../common/schemas/ask-moderation").then(
      (m) => m.muteInputSchema,
    ),
  list: () => <LazyPage component={AskMuteList} />,
  recordRepresentation: "userName",
});
