import {
  BooleanField,
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  useCanAccess,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { CONFIG_TYPES, type Config } from "../../../../common/schemas/config";
import {
  ResourceBulkDelete,
  ResourceListActions,
} from "../../ResourceListActions";

const RESOURCE = "admin/system/configManage";
const hiddenOnPhones = { display: { xs: "none", md: "table-cell" } };

/** Long values (a JSON document) are cut in the list; the form shows them whole. */
const VALUE_PREVIEW = 60;

/** /admin/system/configManage: the settings the server reads; built-in keys stay. */
export function ConfigList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  const filters = [
    <TextInput key="keyPrefix" source="keyPrefix" alwaysOn />,
    <SelectInput
      key="type"
      source="type"
      alwaysOn={wide}
      choices={CONFIG_TYPES.map((id) => ({
        id,
        name: translate(`system.configs.type.${id}`),
      }))}
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: "key", order: "ASC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<ResourceBulkDelete />}
        // Built-in keys cannot be deleted: they are not offered for a bulk delete.
        isRowSelectable={(record: Config) => !record.builtIn}
      >
        <DataTable.Col source="key" />
        <DataTable.Col source="value" disableSort>
          <FunctionField<Config>
            render={(record) =>
              record.value.length > VALUE_PREVIEW
                ? `${record.value.slice(0, VALUE_PREVIEW)}…`
                : record.value
            }
          />
        </DataTable.Col>
        <DataTable.Col source="type">
          <FunctionField<Config>
            render={(record) => translate(`system.configs.type.${record.type}`)}
          />
        </DataTable.Col>
        <DataTable.Col source="description" disableSort sx={hiddenOnPhones} />
        <DataTable.Col source="builtIn" disableSort sx={hiddenOnPhones}>
          <BooleanField source="builtIn" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" sx={hiddenOnPhones}>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
