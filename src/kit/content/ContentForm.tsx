import type { ReactNode } from "react";
import { Create, Edit, TextInput } from "react-admin";
import type { z } from "zod";
import { ResourceForm } from "../ResourceForm";
import { schemaForm } from "../schemaForm";
import { WorkflowInputs } from "./WorkflowInputs";

/**
 * A workflow resource's form: title and description, the resource's own inputs (its
 * file through MediaInput), then status, scheduled time and tags. Validated with the
 * `common/` schema the server enforces.
 */
export function ContentForm({
  schema,
  deletable = false,
  children,
}: {
  schema: z.ZodObject;
  deletable?: boolean;
  children: ReactNode;
}) {
  const form = schemaForm(schema);
  return (
    <ResourceForm form={form} deletable={deletable} maxWidth={720}>
      <TextInput
        source="title"
        autoFocus
        isRequired={form.required("title")}
        fullWidth
      />
      <TextInput
        source="description"
        multiline
        minRows={2}
        fullWidth
        isRequired={form.required("description")}
      />
      {children}
      <WorkflowInputs required={form.required} />
    </ResourceForm>
  );
}

/** Create and edit pages around a form; saves are pessimistic (the server checks versions). */
export function ContentCreate({ children }: { children: ReactNode }) {
  return <Create redirect="list">{children}</Create>;
}
export function ContentEdit({ children }: { children: ReactNode }) {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      {children}
    </Edit>
  );
}
