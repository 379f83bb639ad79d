import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  DataTable,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  useCanAccess,
  useTranslate,
} from "react-admin";
import Chip from "@mui/material/Chip";
import { ResourceListActions } from "../../ResourceListActions";
import type { LiveNotice } from "../../../../common/schemas/live";
import {
  BulkDelete,
  hiddenOnPhones,
  parseLocalTime,
  formatLocalTime,
} from "../shared";

const RESOURCE = "admin/configLiveNotice";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="enabled" source="enabled" />,
  <DateTimeInput
    key="activeAt"
    source="activeAt"
    parse={parseLocalTime}
    format={formatLocalTime}
  />,
  <ReferenceInput
    key="channelId"
    source="channelId"
    reference="admin/channelManage"
  >
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
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
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <List
      filters={filters}
      sort={{ field: "startsAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<BulkDelete resource={RESOURCE} />}
      >
        <DataTable.Col source="textZh" disableSort />
        <DataTable.Col source="textEn" disableSort sx={hiddenOnPhones} />
        <DataTable.Col source="startsAt">
          <DateField source="startsAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="endsAt" sx={hiddenOnPhones}>
          <DateField source="endsAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="enabled" disableSort sx={hiddenOnPhones}>
          <BooleanField source="enabled" />
        </DataTable.Col>
        <DataTable.Col label="" disableSort>
          <FunctionField<LiveNotice>
            render={(notice) => <WindowState notice={notice} />}
          />
        </DataTable.Col>
        <DataTable.Col source="channelId" disableSort sx={hiddenOnPhones}>
          <ReferenceField
            source="channelId"
            reference="admin/channelManage"
            link={false}
            emptyText="—"
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
