import { DataTable, DateInput, SearchInput } from "react-admin";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../../kit/columns";
import { LIVE_VIDEO_STATUSES } from "../../../../common/schemas/live";
import { ChannelCol, ChannelInput, StatusChip } from "../shared";
import { HighlightField } from "../../../kit/HighlightField";
import { codeFilter } from "../../../kit/choices";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  codeFilter("status", LIVE_VIDEO_STATUSES, "live.video_status"),
  <ChannelInput key="channelId" source="channelId" />,
  <DateInput key="scheduledFrom" source="scheduledFrom" />,
  <DateInput key="scheduledTo" source="scheduledTo" />,
];

/** /admin/liveVideoManage: scheduled, live and past live videos, latest first. */
export function LiveVideoList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: "scheduledStart", order: "DESC" }}
    >
      <DataTable.Col source="title">
        <HighlightField source="title" />
      </DataTable.Col>
      <DataTable.Col source="status">
        <StatusChip prefix="live.video_status" />
      </DataTable.Col>
      <TimeCol source="scheduledStart" />
      <ChannelCol />
      <DataTable.Col source="preacher" disableSort sx={hiddenBelowMd} />
    </ResourceList>
  );
}
