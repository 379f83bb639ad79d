import { useMemo } from "react";
import {
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useLocaleState,
  useTranslate,
} from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { JOB_ERRORS } from "../../../common/job-messages";
import {
  JOB_STATUSES,
  MISFIRE_POLICIES,
  jobInputSchema,
  type JobHandlerInfo,
} from "../../../common/schemas/job";
import type { Language } from "../../../common/codes";
import { FormToolbar } from "../../kit/FormToolbar";
import { schemaForm } from "../../kit/schemaForm";
import { CronPreview } from "./CronPreview";
import { ParamsInput } from "./ParamsInput";
import { paramFields, validateParams } from "./paramsSchema";
import { useJobHandlers } from "./useJobHandlers";
import { codeChoices } from "../../kit/choices";

const form = schemaForm(jobInputSchema);

/** The schema's checks, then the chosen handler's params (the server checks both again). */
function validateJob(handlers: JobHandlerInfo[] | undefined) {
  return (values: Record<string, unknown>) => {
    const errors = form.validate(values) as Record<string, unknown>;
    if (typeof values.params === "string") {
      errors.params = { message: JOB_ERRORS.paramsJson, args: {} };
      return errors;
    }
    const handler = handlers?.find((h) => h.name === values.handler);
    const fields = handler ? paramFields(handler.paramsSchema) : null;
    if (fields) {
      const paramErrors = validateParams(
        fields,
        values.params as Record<string, unknown>,
      );
      if (Object.keys(paramErrors).length > 0) errors.params = paramErrors;
    }
    return errors;
  };
}

function HandlerAndParams({
  handlers,
}: {
  handlers: JobHandlerInfo[] | undefined;
}) {
  const [locale] = useLocaleState();
  const { setValue } = useFormContext();
  const chosen = useWatch({ name: "handler" }) as string | undefined;
  const choices = useMemo(
    () =>
      (handlers ?? []).map((handler) => ({
        id: handler.name,
        name: `${handler.label[locale as Language] ?? handler.name} (${handler.name})`,
      })),
    [handlers, locale],
  );
  const handler = handlers?.find((h) => h.name === chosen);
  return (
    <>
      <SelectInput
        source="handler"
        choices={choices}
        isRequired={form.required("handler")}
        isLoading={!handlers}
        // Another handler's params would not suit this one.
        onChange={() => setValue("params", {}, { shouldDirty: true })}
        helperText={
          handler ? handler.description[locale as Language] : undefined
        }
      />
      <ParamsInput handler={handler} />
    </>
  );
}

/** The fields of a job, shared by create and edit. */
export function JobForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  const handlers = useJobHandlers();
  const validate = useMemo(() => validateJob(handlers), [handlers]);
  return (
    // noValidate: the schema's messages, in the app's language, replace the browser's.
    <SimpleForm
      validate={validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable} />}
      sx={{ maxWidth: 640 }}
    >
      <TextInput source="name" autoFocus isRequired={form.required("name")} />
      <TextInput source="group" isRequired={form.required("group")} />
      <HandlerAndParams handlers={handlers} />
      <TextInput
        source="cron"
        isRequired={form.required("cron")}
        helperText={translate("jobs.cron_helper")}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <TextInput source="timezone" isRequired={form.required("timezone")} />
      <CronPreview />
      <SelectInput
        source="misfirePolicy"
        choices={codeChoices(MISFIRE_POLICIES, "jobs.misfire")}
      />
      <BooleanInput source="concurrent" />
      <SelectInput
        source="status"
        choices={codeChoices(JOB_STATUSES, "jobs.status")}
      />
      <NumberInput
        source="timeoutSec"
        step={1}
        helperText={translate("jobs.timeout_helper")}
      />
      <TextInput source="remark" multiline minRows={2} />
    </SimpleForm>
  );
}
