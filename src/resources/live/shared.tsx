import Chip from "@mui/material/Chip";
import {
  AutocompleteInput,
  DataTable,
  DateTimeInput,
  ReferenceField,
  ReferenceInput,
  useRecordContext,
  useTranslate,
  type AutocompleteInputProps,
  type DateTimeInputProps,
} from "react-admin";
import { hiddenBelowMd } from "../../kit/columns";

const CHANNELS = "admin/channelManage";

// MUI's "info" blue on white is 3.85:1 (axe: serious); primary, success and the theme's
// error red reach 4.5:1.
const COLORS: Record<string, "success" | "error" | "default" | "primary"> = {
  live: "error",
  scheduled: "primary",
  ended: "success",
};

/** A status as a chip, worded from `<prefix>.<status>`. */
export function StatusChip({ prefix }: { prefix: string }) {
  const record = useRecordContext<{ status: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={COLORS[record.status] ?? "default"}
      label={translate(`${prefix}.${record.status}`)}
    />
  );
}

/**
 * A datetime-local input's value (local wall time) as the API's UTC instant, and back.
 * An empty input is null, which the schema reports as required.
 */
export const parseLocalTime = (value: string) =>
  value ? new Date(value).toISOString() : null;
export function formatLocalTime(value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A time input in local wall time, stored as the API's UTC instant. */
export function LocalTimeInput(
  props: Omit<DateTimeInputProps, "parse" | "format"> & { source: string },
) {
  return (
    <DateTimeInput parse={parseLocalTime} format={formatLocalTime} {...props} />
  );
}

/** Picks a live channel by name (a form field or a list filter). */
export function ChannelInput({
  source,
  ...props
}: Omit<AutocompleteInputProps, "source" | "optionText"> & {
  source: string;
}) {
  return (
    <ReferenceInput source={source} reference={CHANNELS}>
      <AutocompleteInput optionText="name" {...props} />
    </ReferenceInput>
  );
}

/** A list column with the record's channel, by name. */
export function ChannelCol({ emptyText }: { emptyText?: string }) {
  return (
    <DataTable.Col source="channelId" disableSort sx={hiddenBelowMd}>
      <ReferenceField
        source="channelId"
        reference={CHANNELS}
        link={false}
        emptyText={emptyText}
      />
    </DataTable.Col>
  );
}
