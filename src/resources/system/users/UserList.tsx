import {
  DataTable,
  FunctionField,
  ReferenceArrayField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  ChipField,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { USER_STATUSES } from "../../../../common/schemas/user";
import {
  ResourceBulkActions,
  ResourceBulkUpdate,
} from "../../../kit/ResourceListActions";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, hiddenBelowSm, TimeCol } from "../../../kit/columns";
import { useRoleName } from "./UserForm";
import { codeChoices } from "../../../kit/choices";

function BulkActions() {
  const translate = useTranslate();
  return (
    <ResourceBulkActions>
      <ResourceBulkUpdate
        data={{ status: "enabled" }}
        label={translate("system.users.enable")}
      />
      <ResourceBulkUpdate
        data={{ status: "disabled" }}
        label={translate("system.users.disable")}
      />
    </ResourceBulkActions>
  );
}

/** /admin/system/userManage: search, filter by status and role, create, edit, bulk act, export. */
export function UserList() {
  const translate = useTranslate();
  const roleName = useRoleName();
  // On a phone the two pickers would push the page sideways: they sit behind "add filter".
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn={wide}
      choices={codeChoices(USER_STATUSES, "system.status", translate)}
    />,
    <ReferenceInput
      key="roleId"
      source="roleId"
      reference="admin/system/roleManage"
      alwaysOn={wide}
    >
      <SelectInput optionText={roleName} />
    </ReferenceInput>,
  ];
  return (
    <ResourceList
      filters={filters}
      sort={{ field: "id", order: "ASC" }}
      bulkActionButtons={<BulkActions />}
    >
      <DataTable.Col source="id" sx={hiddenBelowSm} />
      <DataTable.Col source="loginName" />
      <DataTable.Col source="userName" />
      <DataTable.Col source="email" sx={hiddenBelowSm} />
      <DataTable.Col source="status">
        <FunctionField
          render={(record: { status: string }) =>
            translate(`system.status.${record.status}`)
          }
        />
      </DataTable.Col>
      <DataTable.Col source="roleIds" disableSort sx={hiddenBelowSm}>
        <ReferenceArrayField
          source="roleIds"
          reference="admin/system/roleManage"
        >
          <SingleFieldList linkType={false}>
            <FunctionField
              render={(role: { name: string; nameEn: string }) => (
                <ChipField
                  record={{ id: 0, label: roleName(role) }}
                  source="label"
                  size="small"
                />
              )}
            />
          </SingleFieldList>
        </ReferenceArrayField>
      </DataTable.Col>
      <TimeCol source="lastLoginAt" sx={hiddenBelowMd} />
    </ResourceList>
  );
}
