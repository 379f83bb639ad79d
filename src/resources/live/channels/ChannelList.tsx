import { DataTable, SearchInput } from "react-admin";
import { CHANNEL_STATUSES } from "../../../../common/schemas/live";
import { StatusChip } from "../shared";
import { HighlightField, LONG_TEXT_FIELDS } from "../../../kit/HighlightField";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../../kit/columns";
import { codeFilter } from "../../../kit/choices";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  codeFilter("status", CHANNEL_STATUSES, "live.channel_status"),
];

/** /admin/channelManage: channels, never their keys (only whether one was generated). */
export function ChannelList() {
  return (
    <ResourceList filters={filters} sort={{ field: "id", order: "DESC" }}>
      <DataTable.Col source="id" sx={hiddenBelowMd} />
      <DataTable.Col source="name">
        <HighlightField source="name" snippet={LONG_TEXT_FIELDS} />
      </DataTable.Col>
      <DataTable.Col source="status">
        <StatusChip prefix="live.channel_status" />
      </DataTable.Col>
      <DataTable.Col source="playbackUrl" disableSort sx={hiddenBelowMd} />
      <DataTable.Col source="streamKeyHint" disableSort sx={hiddenBelowMd} />
      <TimeCol source="updatedAt" sx={hiddenBelowMd} />
    </ResourceList>
  );
}
