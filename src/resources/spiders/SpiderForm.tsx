import { useMemo } from "react";
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
} from "react-admin";
import Typography from "@mui/material/Typography";
import {
  SPIDER_TARGETS,
  spiderInputSchema,
} from "../../../common/schemas/spider";
import { ResourceForm } from "../../kit/ResourceForm";
import { schemaForm } from "../../kit/schemaForm";
import { CronPreview } from "../jobs/CronPreview";
import { SelectorTest } from "./SelectorTest";
import { codeChoices } from "../../kit/choices";

const form = schemaForm(spiderInputSchema);

/** One address a line in the form; an array for the API. */
const formatUrls = (value: unknown) =>
  Array.isArray(value) ? value.join("\n") : "";
const parseUrls = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The fields of a crawler source, shared by create and edit, and its selector test. */
export function SpiderForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  const targets = useMemo(
    () => codeChoices(SPIDER_TARGETS, "spiders.target"),
    [],
  );
  return (
    <ResourceForm form={form} deletable={deletable} maxWidth={720}>
      <TextInput source="name" autoFocus isRequired={form.required("name")} />
      <TextInput
        source="startUrls"
        multiline
        minRows={2}
        format={formatUrls}
        parse={parseUrls}
        isRequired={form.required("startUrls")}
        helperText={translate("spiders.start_urls_helper")}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextInput
        source="linkPattern"
        helperText={translate("spiders.link_pattern_helper")}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <NumberInput source="maxPages" step={1} />
      <NumberInput
        source="delayMs"
        step={100}
        helperText={translate("spiders.delay_helper")}
      />
      <TextInput source="userAgent" />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate("spiders.selectors")}
      </Typography>
      <TextInput
        source="selectors.title"
        isRequired
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextInput
        source="selectors.content"
        isRequired
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextInput
        source="selectors.author"
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextInput
        source="selectors.date"
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextInput
        source="selectors.cover"
        helperText={translate("spiders.cover_helper")}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <SelectorTest />
      <SelectInput
        source="target"
        choices={targets}
        isRequired={form.required("target")}
        helperText={translate("spiders.target_helper")}
      />
      <ReferenceArrayInput source="defaultTagIds" reference="admin/tagManage">
        <AutocompleteArrayInput optionText="name" />
      </ReferenceArrayInput>
      <TextInput
        source="cron"
        helperText={translate("jobs.cron_helper")}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <CronPreview />
      <BooleanInput source="enabled" />
      <TextInput source="remark" multiline minRows={2} />
    </ResourceForm>
  );
}
