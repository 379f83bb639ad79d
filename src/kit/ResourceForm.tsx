import { SimpleForm, type SimpleFormProps } from "react-admin";
import { FormToolbar } from "./FormToolbar";
import type { schemaForm } from "./schemaForm";

/**
 * A resource's form: checked in the browser with the `common/` schema the server enforces
 * (noValidate: the schema's messages, in the app's language, replace the browser's), the
 * shared toolbar (Save, and Delete on edit pages when `deletable`), and a width that suits
 * its inputs. Other SimpleForm props pass through.
 */
export function ResourceForm({
  form,
  deletable = false,
  maxWidth,
  ...props
}: Omit<SimpleFormProps, "validate" | "toolbar"> & {
  form: ReturnType<typeof schemaForm>;
  deletable?: boolean;
  maxWidth?: number;
}) {
  return (
    <SimpleForm
      validate={form.validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable} />}
      {...(maxWidth === undefined ? {} : { sx: { maxWidth } })}
      {...props}
    />
  );
}
