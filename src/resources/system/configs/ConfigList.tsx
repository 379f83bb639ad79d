import {
  BooleanField,
  DataTable,
  FunctionField,
  SelectInput,
  TextInput,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { CONFIG_TYPES, type Config } from "../../../../common/schemas/config";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../../kit/columns";
import { codeChoices } from "../../../kit/choices";

/** Long values (a JSON document) are cut in the list; the form shows them whole. */
const VALUE_PREVIEW = 60;

/** /admin/system/configManage: the settings the server reads; built-in keys stay. */
export function ConfigList() {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  const filters = [
    <TextInput key="keyPrefix" source="keyPrefix" alwaysOn />,
    <SelectInput
      key="type"
      source="type"
      alwaysOn={wide}
      choices={codeChoices(CONFIG_TYPES, "system.configs.type", translate)}
    />,
  ];
  return (
    <ResourceList<Config>
      filters={filters}
      sort={{ field: "key", order: "ASC" }}
      // Built-in keys cannot be deleted: they are not offered for a bulk delete.
      table={{ isRowSelectable: (record) => !record.builtIn }}
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
      <DataTable.Col source="description" disableSort sx={hiddenBelowMd} />
      <DataTable.Col source="builtIn" disableSort sx={hiddenBelowMd}>
        <BooleanField source="builtIn" />
      </DataTable.Col>
      <TimeCol source="updatedAt" sx={hiddenBelowMd} />
    </ResourceList>
  );
}
