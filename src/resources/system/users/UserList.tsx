import {
  DataTable,
  DateField,
  FunctionField,
  List,
  ReferenceArrayField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SingleFieldList,
  ChipField,
  useCanAccess,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { USER_STATUSES } from "../../../../common/schemas/user";
import {
  ResourceBulkDelete,
  ResourceBulkUpdate,
  ResourceListActions,
} from "../../ResourceListActions";
import { useRoleName } from "./UserForm";

const RESOURCE = "admin/system/userManage";
const hiddenOnPhones = { display: { xs: "none", sm: "table-cell" } };

function BulkActions() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <>
      {canEdit ? (
        <>
          <ResourceBulkUpdate
            data={{ status: "enabled" }}
            label={translate("system.users.enable")}
          />
          <ResourceBulkUpdate
            data={{ status: "disabled" }}
            label={translate("system.users.disable")}
          />
        </>
      ) : null}
      <ResourceBulkDelete />
    </>
  );
}

/** /admin/system/userManage: search, filter by status and role, create, edit, bulk act, export. */
export function UserList() {
  const translate = useTranslate();
  const roleName = useRoleName();
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  // On a phone the two pickers would push the page sideways: they sit behind "add filter".
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn={wide}
      choices={USER_STATUSES.map((id) => ({
        id,
        name: translate(`system.status.${id}`),
      }))}
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
    <List
      filters={filters}
      sort={{ field: "id", order: "ASC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<BulkActions />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="loginName" />
        <DataTable.Col source="userName" />
        <DataTable.Col source="email" sx={hiddenOnPhones} />
        <DataTable.Col source="status">
          <FunctionField
            render={(record: { status: string }) =>
              translate(`system.status.${record.status}`)
            }
          />
        </DataTable.Col>
        <DataTable.Col source="roleIds" disableSort sx={hiddenOnPhones}>
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
        <DataTable.Col
          source="lastLoginAt"
          sx={{ display: { xs: "none", md: "table-cell" } }}
        >
          <DateField source="lastLoginAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
