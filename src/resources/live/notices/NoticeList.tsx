import {
  BooleanField,
  BooleanInput,
  DataTable,
  FunctionField,
  SearchInput,
  useTranslate,
} from "react-admin";
import Chip from "@mui/material/Chip";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../../kit/columns";
import type { LiveNotice } from "../../../../common/schemas/live";
import { ChannelCol, ChannelInput, LocalTimeInput } from "../shared";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="enabled" source="enabled" />,
  <LocalTimeInput key="activeAt" source="activeAt" />,
  <ChannelInput key="channelId" source="channelId" />,
];

function WindowState({ notice }: { notice: LiveNotice }) {
  const translate = useTranslate();
  const now = new Date().toISOString();
  const state =
    now < notice.startsAt
      ? "upcoming"
      : now >= notice.endsAt
        ? "past"
        : "active";
  return (
    <Chip
      size="small"
      color={state === "active" && notice.enabled ? "success" : "default"}
      label={translate(`live.notice_state.${state}`)}
    />
  );
}

/** /admin/configLiveNotice: time-boxed notices, both languages, latest start first. */
export function NoticeList() {
  return (
    <ResourceList filters={filters} sort={{ field: "startsAt", order: "DESC" }}>
      <DataTable.Col source="textZh" disableSort />
      <DataTable.Col source="textEn" disableSort sx={hiddenBelowMd} />
      <TimeCol source="startsAt" />
      <TimeCol source="endsAt" sx={hiddenBelowMd} />
      <DataTable.Col source="enabled" disableSort sx={hiddenBelowMd}>
        <BooleanField source="enabled" />
      </DataTable.Col>
      <DataTable.Col label="" disableSort>
        <FunctionField<LiveNotice>
          render={(notice) => <WindowState notice={notice} />}
        />
      </DataTable.Col>
      <ChannelCol emptyText="—" />
    </ResourceList>
  );
}
