import Alert from "@mui/material/Alert";
import {
  AutocompleteArrayInput,
  Create,
  DateInput,
  Edit,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import {
  DISCIPLE_CONTACT_FIELDS,
  discipleInputSchema,
  type Disciple,
} from "../../../common/schemas/disciple";
import { CountryInput } from "../../reference/CountryInput";
import { RegionCascaderInput } from "../../reference/RegionCascaderInput";
import { FormToolbar } from "../../kit/FormToolbar";
import { schemaForm } from "../../kit/schemaForm";
import { useDiscipleChoices } from "./choices";

const form = schemaForm(discipleInputSchema);
/** A masked record's form checks everything but the contact fields it does not send. */
const maskedForm = schemaForm(
  discipleInputSchema.omit({
    phone: true,
    email: true,
    address: true,
    birthDate: true,
  }),
);
const wide = { width: "100%" };

/** The fields of a believer, shared by create and edit. */
function DiscipleForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Disciple>();
  const { genders, statuses } = useDiscipleChoices();
  // Masked values are not the stored ones: they are shown read-only and never sent.
  const masked = record?.contactMasked === true;
  return (
    <SimpleForm
      validate={masked ? maskedForm.validate : form.validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable} />}
      sx={{ maxWidth: 720 }}
      defaultValues={{ gender: "unknown", status: "active", tagIds: [] }}
    >
      <TextInput
        source="name"
        autoFocus
        isRequired={form.required("name")}
        sx={wide}
      />
      <SelectInput source="gender" choices={genders} />
      <SelectInput source="status" choices={statuses} />
      {masked ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate("disciples.masked_hint")}
        </Alert>
      ) : null}
      <TextInput source="phone" readOnly={masked} sx={wide} />
      <TextInput source="email" type="email" readOnly={masked} sx={wide} />
      <TextInput source="address" readOnly={masked} sx={wide} />
      {masked ? (
        <TextInput source="birthDate" readOnly />
      ) : (
        <DateInput source="birthDate" />
      )}
      <DateInput source="baptismDate" />
      <DateInput source="joinedOn" />
      <RegionCascaderInput source="regionCode" />
      <CountryInput source="countryCode" />
      <TextInput source="congregation" sx={wide} />
      <ReferenceArrayInput source="tagIds" reference="admin/tagManage">
        <AutocompleteArrayInput optionText="name" sx={wide} />
      </ReferenceArrayInput>
      <TextInput source="notes" multiline minRows={3} sx={wide} />
    </SimpleForm>
  );
}

/** Leaves out the contact fields of a masked record, which the caller cannot change. */
function withoutMaskedContact(data: Record<string, unknown>) {
  if (data.contactMasked !== true) return data;
  const kept = { ...data };
  for (const field of DISCIPLE_CONTACT_FIELDS) delete kept[field];
  return kept;
}

export function DiscipleCreate() {
  return (
    <Create redirect="list">
      <DiscipleForm />
    </Create>
  );
}

/** Saves are pessimistic: the server checks the version. */
export function DiscipleEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      transform={withoutMaskedContact}
    >
      <DiscipleForm deletable />
    </Edit>
  );
}
