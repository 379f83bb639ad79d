import { useEffect, useState } from "react";
import {
  BooleanInput,
  InputHelperText,
  NumberInput,
  TextInput,
  useInput,
  useTranslate,
} from "react-admin";
import Typography from "@mui/material/Typography";
import MuiTextField from "@mui/material/TextField";
import type { JobHandlerInfo } from "../../../common/schemas/job";
import { paramFields } from "./paramsSchema";

/**
 * The params of the chosen handler: a form built from its JSON Schema when the schema is
 * flat, otherwise a JSON editor. Server errors on `params.<name>` land on the inputs.
 */
export function ParamsInput({ handler }: { handler?: JobHandlerInfo }) {
  const translate = useTranslate();
  if (!handler) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate("jobs.handler_pick")}
      </Typography>
    );
  }
  const fields = paramFields(handler.paramsSchema);
  if (!fields) return <ParamsJsonEditor />;
  if (fields.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate("jobs.params_none")}
      </Typography>
    );
  }
  return (
    <>
      {fields.map((field) => {
        const source = `params.${field.name}`;
        const label = translate(`jobs.param.${field.name}`, {
          _: field.name,
        });
        const helperText =
          field.default !== undefined
            ? translate("jobs.params_default", {
                value: String(field.default),
              })
            : false;
        if (field.kind === "boolean") {
          return (
            <BooleanInput
              key={source}
              source={source}
              label={label}
              helperText={helperText}
            />
          );
        }
        if (field.kind === "string") {
          return (
            <TextInput
              key={source}
              source={source}
              label={label}
              isRequired={field.required}
              helperText={helperText}
            />
          );
        }
        return (
          <NumberInput
            key={source}
            source={source}
            label={label}
            step={field.kind === "integer" ? 1 : "any"}
            isRequired={field.required}
            helperText={helperText}
          />
        );
      })}
    </>
  );
}

/** Params as JSON text; anything but an object stays text, which validation refuses. */
function ParamsJsonEditor() {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source: "params" });
  const [text, setText] = useState(() =>
    typeof field.value === "string"
      ? field.value
      : JSON.stringify(field.value ?? {}, null, 2),
  );
  useEffect(() => {
    if (typeof field.value !== "string") {
      setText((current) => {
        try {
          return JSON.stringify(JSON.parse(current)) ===
            JSON.stringify(field.value ?? {})
            ? current
            : JSON.stringify(field.value ?? {}, null, 2);
        } catch {
          return current;
        }
      });
    }
  }, [field.value]);
  const showError =
    fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  return (
    <MuiTextField
      label={translate("jobs.params_json")}
      value={text}
      multiline
      minRows={3}
      fullWidth
      sx={{ mb: 2, fontFamily: "monospace" }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        let parsed: unknown;
        try {
          parsed = JSON.parse(next);
        } catch {
          parsed = undefined;
        }
        field.onChange(
          parsed && typeof parsed === "object" && !Array.isArray(parsed)
            ? parsed
            : next,
        );
      }}
      onBlur={field.onBlur}
      error={showError}
      helperText={
        <InputHelperText
          error={showError ? fieldState.error?.message : undefined}
        />
      }
      slotProps={{ htmlInput: { "aria-label": translate("jobs.params_json") } }}
    />
  );
}
