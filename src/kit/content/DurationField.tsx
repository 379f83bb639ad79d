import { useRecordContext } from "react-admin";
import { formatDuration } from "../../media/format";

/** A record's durationSec as m:ss (h:mm:ss past an hour); empty when unknown. */
export function DurationField() {
  const record = useRecordContext<{ durationSec: number | null }>();
  if (record?.durationSec == null) return null;
  return <span>{formatDuration(record.durationSec)}</span>;
}
