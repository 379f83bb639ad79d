import type { InputHTMLAttributes } from "react";
import { errorAt } from "../context";

/** The id of a field's error line, for the field's aria-describedby. */
export const fieldErrorId = (form: string, name: string) =>
  `${form}-${name}-error`;

/**
 * What a field's input needs to point at its error: aria-invalid and aria-describedby
 * while it has one.
 */
export function fieldProps(
  errors: Record<string, string>,
  form: string,
  name: string,
) {
  const error = errorAt(errors, name);
  return error
    ? {
        "aria-invalid": true as const,
        "aria-describedby": fieldErrorId(form, name),
      }
    : {};
}

/** A field's error, under the field (every error the server named for it). */
export function FieldError({
  errors,
  form,
  name,
}: {
  errors: Record<string, string>;
  form: string;
  name: string;
}) {
  const error = errorAt(errors, name);
  return error ? (
    <span className="field-error error" id={fieldErrorId(form, name)}>
      {error}
    </span>
  ) : null;
}

/** A labelled input with its error under it; the input's other attributes pass through. */
export function Field({
  label,
  name,
  form,
  errors,
  ...input
}: {
  label: string;
  name: string;
  form: string;
  errors: Record<string, string>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "form">) {
  return (
    <label>
      {label}
      <input name={name} {...input} {...fieldProps(errors, form, name)} />
      <FieldError errors={errors} form={form} name={name} />
    </label>
  );
}

/** A form's refusal, above its button (nothing while there is none). */
export function FormAlert({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="error">
      {error}
    </p>
  ) : null;
}
