import { useEffect, useRef } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import {
  BooleanInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import {
  CONFIG_TYPES,
  configInputSchema,
  configValueProblem,
  type Config,
  type ConfigType,
} from "../../../../common/schemas/config";
import { FormToolbar } from "../../../kit/FormToolbar";
import { schemaForm } from "../../../kit/schemaForm";
import { codeChoices } from "../../../kit/choices";

const form = schemaForm(configInputSchema);

/**
 * The schema's checks plus the one the server makes against the type (a number, true or
 * false, valid JSON), with the server's own wording, so the form refuses what the server
 * would before anything is sent.
 */
export function validateConfig(values: Record<string, unknown>) {
  const errors = form.validate(values);
  if (!errors.value && typeof values.value === "string") {
    const problem = configValueProblem(String(values.type), values.value);
    if (problem) errors.value = { message: problem, args: {} };
  }
  return errors;
}

const monospace = { "& textarea": { fontFamily: "monospace" } };

/** The value's input follows the type: text, a number, a switch or a JSON text area. */
function ValueInput() {
  const translate = useTranslate();
  const type = useWatch({ name: "type" }) as ConfigType | undefined;
  const { getValues, setValue } = useFormContext();
  const previous = useRef(type);
  // A switch can only hold true or false: moving to boolean turns anything else into false.
  useEffect(() => {
    if (previous.current === type) return;
    previous.current = type;
    const value = getValues("value");
    if (type === "boolean" && value !== "true" && value !== "false")
      setValue("value", "false", { shouldDirty: true, shouldValidate: true });
  }, [type, getValues, setValue]);

  const required = form.required("value");
  switch (type) {
    case "boolean":
      return (
        <BooleanInput
          source="value"
          format={(value: unknown) => value === "true"}
          parse={(checked: boolean) => (checked ? "true" : "false")}
        />
      );
    case "number":
      return (
        <TextInput
          source="value"
          isRequired={required}
          inputProps={{ inputMode: "decimal" }}
          helperText={translate("system.configs.helper.number")}
        />
      );
    case "json":
      return (
        <TextInput
          source="value"
          isRequired={required}
          multiline
          minRows={4}
          sx={monospace}
          helperText={translate("system.configs.helper.json")}
        />
      );
    default:
      return <TextInput source="value" multiline isRequired={required} />;
  }
}

/** A setting's fields, shared by create and edit. A built-in key keeps its key and type. */
export function ConfigForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Config>();
  const builtIn = Boolean(record?.builtIn);
  return (
    <SimpleForm
      validate={validateConfig}
      noValidate
      toolbar={<FormToolbar deletable={deletable && !builtIn} />}
      defaultValues={record ? undefined : { type: "string", value: "" }}
      sx={{ maxWidth: 640 }}
    >
      <TextInput
        source="key"
        autoFocus={!builtIn}
        isRequired={form.required("key")}
        disabled={builtIn}
        helperText={translate(
          builtIn
            ? "system.configs.helper.built_in"
            : "system.configs.helper.key",
        )}
      />
      <SelectInput
        source="type"
        choices={codeChoices(CONFIG_TYPES, "system.configs.type", translate)}
        isRequired={form.required("type")}
        disabled={builtIn}
      />
      <ValueInput />
      <TextInput source="description" multiline />
    </SimpleForm>
  );
}
