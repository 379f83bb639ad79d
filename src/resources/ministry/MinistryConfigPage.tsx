import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import {
  ArrayInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  Toolbar,
  useNotify,
  useTranslate,
} from "react-admin";
import { Loading } from "../../kit/Loading";
import { SUPPORTED_LANGUAGES } from "../../../common/codes";
import {
  SOCIAL_PLATFORMS,
  WEEKDAYS,
  ministryConfigInputSchema,
  type MinistryConfig,
} from "../../../common/schemas/ministry";
import { LazyRichTextInput } from "../../editor/LazyRichTextInput";
import { mainClient } from "../../http";
import { MediaInput } from "../../media/MediaInput";
import { RegionCascaderInput } from "../../reference/RegionCascaderInput";
import { schemaForm } from "../../kit/schemaForm";
import {
  isStaleVersion,
  useStaleSettingsDialog,
} from "../../kit/StaleVersionDialog";
import { codeChoices } from "../../kit/choices";

const form = schemaForm(ministryConfigInputSchema);
const wide = { width: "100%" };

function Section({ title }: { title: string }) {
  return (
    <Typography component="h2" variant="h6" sx={{ mt: 2, mb: 1 }}>
      {title}
    </Typography>
  );
}

function useMinistryText() {
  const translate = useTranslate();
  return (key: string) => translate(`ministry.${key}`);
}

/** The ministry's social accounts, one row each. */
function SocialLinksInput() {
  const t = useMinistryText();
  return (
    <ArrayInput source="contact.socialLinks" label={t("socialLinks")}>
      <SimpleFormIterator inline>
        <SelectInput
          source="platform"
          label={t("platform")}
          choices={codeChoices(SOCIAL_PLATFORMS, "platform_name", t)}
        />
        <TextInput source="label" label={t("label")} />
        <TextInput source="url" label={t("url")} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The weekly services, one row each. */
function ServicesInput() {
  const t = useMinistryText();
  return (
    <ArrayInput source="services" label={t("services")}>
      <SimpleFormIterator inline>
        <SelectInput
          source="day"
          label={t("day")}
          choices={codeChoices(WEEKDAYS, "weekday", t)}
        />
        <TextInput
          source="time"
          label={t("time")}
          type="time"
          InputLabelProps={{ shrink: true }}
        />
        <TextInput source="name" label={t("serviceName")} />
        <TextInput source="place" label={t("place")} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/**
 * /admin/configManage: the one ministry record, in sections. Saves send the version read;
 * a stale one is refused (40900) and opens the stale-version dialog; nothing the user
 * typed is replaced unless they choose to reload.
 */
export function MinistryConfigPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [config, setConfig] = useState<MinistryConfig>();
  const t = (key: string) => translate(`ministry.${key}`);

  useEffect(() => {
    mainClient
      .get<MinistryConfig>("/ministry-config", {}, { loading: false })
      .then((answer) => setConfig(answer.data))
      .catch(() => {});
  }, []);

  const stale = useStaleSettingsDialog({
    loadTheirs: async () =>
      (await mainClient.get<MinistryConfig>("/ministry-config")).data as never,
    fieldLabel: (field) => `ministry.${field}`,
    onReload: (theirs) => setConfig(theirs as unknown as MinistryConfig),
    resave: (values) => save(values),
  });

  const save = async (values: Record<string, unknown>) => {
    try {
      const { updatedAt: _at, updatedBy: _by, ...body } = values;
      const answer = await mainClient.put<MinistryConfig>(
        "/ministry-config",
        body,
      );
      setConfig(answer.data);
      notify("ministry.saved", { type: "success" });
      return undefined;
    } catch (error) {
      // Someone saved since this page read the record: the dialog, the typed text kept.
      if (isStaleVersion(error)) {
        stale.openFor(values);
        return undefined;
      }
      return (error as { data?: { errors?: Record<string, string> } }).data
        ?.errors;
    }
  };

  if (!config) return <Loading />;
  // The repeated inputs (social links, services) need a resource for their rows' labels
  // and keys: without one the add button threw (issue 25 item 14).
  return (
    <ResourceContextProvider value="admin/configManage">
      <Box sx={{ mt: 1, maxWidth: 900 }}>
        <Title title={t("title")} />
        <Card>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {translate("ministry.version", { version: config.version })}
            </Typography>
            <SimpleForm
              key={config.version}
              record={config}
              onSubmit={save}
              validate={form.validate}
              noValidate
              toolbar={
                <Toolbar>
                  <SaveButton />
                </Toolbar>
              }
            >
              <Section title={t("identity")} />
              <TextInput
                source="identity.name"
                label={t("name")}
                isRequired={form.required("identity.name")}
                sx={wide}
              />
              <TextInput
                source="identity.nameEn"
                label={t("nameEn")}
                sx={wide}
              />
              <MediaInput
                source="identity.logoFileId"
                kind="image"
                label={t("logoFileId")}
              />
              <TextInput
                source="identity.shortDescription"
                label={t("shortDescription")}
                multiline
                minRows={2}
                sx={wide}
              />

              <Section title={t("contact")} />
              <TextInput
                source="contact.address"
                label={t("address")}
                sx={wide}
              />
              <RegionCascaderInput
                source="contact.regionCode"
                label={t("regionCode")}
              />
              <TextInput source="contact.phone" label={t("phone")} />
              <TextInput source="contact.email" label={t("email")} sx={wide} />
              <TextInput
                source="contact.website"
                label={t("website")}
                sx={wide}
              />
              <SocialLinksInput />
              <Section title={t("services")} />
              <ServicesInput />
              <Section title={t("aboutHtml")} />
              <LazyRichTextInput
                source="aboutHtml"
                label={t("aboutHtml")}
                preset="article"
              />

              <Section title={t("defaultLanguage")} />
              <SelectInput
                source="defaultLanguage"
                label={t("defaultLanguage")}
                choices={codeChoices(SUPPORTED_LANGUAGES, "language", t)}
              />
            </SimpleForm>
          </CardContent>
        </Card>
        {stale.dialog}
      </Box>
    </ResourceContextProvider>
  );
}
