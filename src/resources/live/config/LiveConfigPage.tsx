import { useCallback, useEffect, useState } from "react";
import Card from "@mui/material/Card";
import LinearProgress from "@mui/material/LinearProgress";
import {
  BooleanInput,
  ResourceContextProvider,
  TextInput,
  Title,
  useNotify,
  useTranslate,
} from "react-admin";
import {
  liveConfigInputSchema,
  type LiveConfig,
} from "../../../../common/schemas/live";
import { mainClient } from "../../../http";
import { MediaInput } from "../../../media/MediaInput";
import { ChannelInput } from "../shared";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import {
  isStaleVersion,
  useStaleSettingsDialog,
} from "../../../kit/StaleVersionDialog";

const form = schemaForm(liveConfigInputSchema);
const FIELDS = [
  "defaultChannelId",
  "autoplay",
  "offlineImageFileId",
  "offlineTextZh",
  "offlineTextEn",
] as const;

/**
 * /admin/configLive: the one live settings record. It is read, edited and saved with the
 * version read; someone else's save in between is refused (40900) and opens the
 * stale-version dialog (reload, or see the other change and overwrite).
 */
export function LiveConfigPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [config, setConfig] = useState<LiveConfig | null>(null);

  const load = useCallback(async () => {
    const answer = await mainClient.get<LiveConfig>("/live-config", {
      _loading: false,
    });
    setConfig(answer.data);
  }, []);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  const stale = useStaleSettingsDialog({
    loadTheirs: async () =>
      (await mainClient.get<LiveConfig>("/live-config")).data as never,
    fieldLabel: (field) => `resources.admin/configLive.fields.${field}`,
    onReload: (theirs) => setConfig(theirs as unknown as LiveConfig),
    resave: (values) => save(values),
  });

  const save = async (values: Record<string, unknown>) => {
    if (!config) return;
    // The version read, or the stored one when the user chose to overwrite it.
    const version =
      typeof values.version === "number" ? values.version : config.version;
    const body: Record<string, unknown> = { version };
    for (const field of FIELDS) body[field] = values[field] ?? null;
    body.autoplay = Boolean(values.autoplay);
    try {
      const answer = await mainClient.put<LiveConfig>("/live-config", body);
      setConfig(answer.data);
      notify("live.config.saved", { type: "info" });
    } catch (error) {
      // Someone saved since this page read the record: the dialog, never a silent
      // reread that replaced what the user typed (issue 25 item 18).
      if (isStaleVersion(error)) {
        stale.openFor(values);
        return undefined;
      }
      return (error as { body?: { errors?: object } }).body?.errors;
    }
  };

  return (
    <ResourceContextProvider value="admin/configLive">
      <Title title={translate("app.page_names.configLive")} />
      {config === null ? (
        <LinearProgress aria-label={translate("ra.page.loading")} />
      ) : (
        <Card sx={{ mt: 2 }}>
          <ResourceForm
            key={config.version}
            record={config}
            onSubmit={save}
            form={form}
            maxWidth={720}
          >
            <ChannelInput source="defaultChannelId" />
            <BooleanInput source="autoplay" />
            <MediaInput source="offlineImageFileId" kind="image" />
            <TextInput source="offlineTextZh" multiline />
            <TextInput source="offlineTextEn" multiline />
          </ResourceForm>
        </Card>
      )}
      {stale.dialog}
    </ResourceContextProvider>
  );
}
