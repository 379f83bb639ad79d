import {
  AutocompleteInput,
  DataTable,
  DateField,
  DateInput,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
} from "react-admin";
import { ResourceListActions } from "../../ResourceListActions";
import { LIVE_VIDEO_STATUSES } from "../../../../common/schemas/live";
import { BulkDelete, StatusChip, hiddenOnPhones } from "../shared";
import { HighlightField } from "../../HighlightField";

const RESOURCE = "admin/liveVideoManage";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={LIVE_VIDEO_STATUSES.map((id) => ({
      id,
      name: `live.video_status.${id}`,
    }))}
  />,
  <ReferenceInput
    key="channelId"
    source="channelId"
    reference="admin/channelManage"
  >
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <DateInput key="scheduledFrom" source="scheduledFrom" />,
  <DateInput key="scheduledTo" source="scheduledTo" />,
];

/** /admin/liveVideoManage: scheduled, live and past live videos, latest first. */
export function LiveVideoList() {
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <List
      filters={filters}
      sort={{ field: "scheduledStart", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<BulkDelete resource={RESOURCE} />}
      >
        <DataTable.Col source="title">
          <HighlightField source="title" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusChip prefix="live.video_status" />
        </DataTable.Col>
        <DataTable.Col source="scheduledStart">
          <DateField source="scheduledStart" showTime />
        </DataTable.Col>
        <DataTable.Col source="channelId" disableSort sx={hiddenOnPhones}>
          <ReferenceField
            source="channelId"
            reference="admin/channelManage"
            link={false}
          />
        </DataTable.Col>
        <DataTable.Col source="preacher" disableSort sx={hiddenOnPhones} />
      </DataTable>
    </List>
  );
}
