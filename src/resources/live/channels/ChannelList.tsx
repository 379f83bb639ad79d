import {
  DataTable,
  DateField,
  List,
  SearchInput,
  SelectInput,
  useCanAccess,
} from "react-admin";
import { ResourceListActions } from "../../ResourceListActions";
import { CHANNEL_STATUSES } from "../../../../common/schemas/live";
import { BulkDelete, StatusChip, hiddenOnPhones } from "../shared";
import { HighlightField, LONG_TEXT_FIELDS } from "../../HighlightField";

const RESOURCE = "admin/channelManage";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={CHANNEL_STATUSES.map((id) => ({
      id,
      name: `live.channel_status.${id}`,
    }))}
  />,
];

/** /admin/channelManage: channels, never their keys (only whether one was generated). */
export function ChannelList() {
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <List
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<BulkDelete resource={RESOURCE} />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="name">
          <HighlightField source="name" snippet={LONG_TEXT_FIELDS} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <StatusChip prefix="live.channel_status" />
        </DataTable.Col>
        <DataTable.Col source="playbackUrl" disableSort sx={hiddenOnPhones} />
        <DataTable.Col source="streamKeyHint" disableSort sx={hiddenOnPhones} />
        <DataTable.Col source="updatedAt" sx={hiddenOnPhones}>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
