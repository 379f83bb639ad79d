import {
  AutocompleteInput,
  BulkDeleteButton,
  DataTable,
  DateField,
  DateInput,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  useResourceContext,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { getStoredUser } from "../../http/session";
import { ResourceListActions } from "../ResourceListActions";
import { PublishingButtons } from "../content/PublishingButtons";
import { StatusField } from "../content/StatusField";
import { SuggestInput } from "../content/SuggestInput";
import { statusChoices } from "../content/WorkflowInputs";
import { HighlightField, LONG_TEXT_FIELDS } from "../HighlightField";
import { PassageField } from "../PassageField";
import { PassageFilterInput } from "../PassageFilterInput";

const hiddenOnPhones = { display: { xs: "none", sm: "table-cell" } };

function BulkActions() {
  const resource = useResourceContext() ?? "";
  const { canAccess: canDelete } = useCanAccess({ resource, action: "delete" });
  return (
    <>
      <PublishingButtons />
      {canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null}
    </>
  );
}

/**
 * /admin/sermonManage, and /admin/mySermonManage (`mine`): the same list limited to the
 * sermons the current user created. Filters by keyword, preacher, series, service type,
 * tag, status and date; sorts; exports; publishes, unpublishes, archives or deletes in bulk.
 */
export function SermonList({ mine = false }: { mine?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? "";
  const { canAccess: canEdit } = useCanAccess({ resource, action: "edit" });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("md"));
  const userId = getStoredUser()?.userId;
  const permanent = mine ? { createdBy: userId ?? -1 } : undefined;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn={wide}
      choices={statusChoices(translate)}
    />,
    <SuggestInput key="preacher" source="preacher" apiPath="sermons" />,
    <SuggestInput key="series" source="series" apiPath="sermons" />,
    <SuggestInput key="serviceType" source="serviceType" apiPath="sermons" />,
    <ReferenceInput key="tagId" source="tagId" reference="admin/tagManage">
      <AutocompleteInput optionText="name" />
    </ReferenceInput>,
    <PassageFilterInput key="passage" source="passage" />,
    <DateInput key="preachedFrom" source="preachedFrom" />,
    <DateInput key="preachedTo" source="preachedTo" />,
  ];
  return (
    <List
      filters={filters}
      filter={permanent}
      sort={{ field: "preachedOn", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions filter={permanent} />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<BulkActions />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="title">
          <HighlightField source="title" snippet={LONG_TEXT_FIELDS} />
        </DataTable.Col>
        <DataTable.Col source="preacher" disableSort sx={hiddenOnPhones}>
          <HighlightField source="preacher" />
        </DataTable.Col>
        <DataTable.Col source="series" disableSort sx={hiddenOnPhones}>
          <HighlightField source="series" />
        </DataTable.Col>
        <DataTable.Col source="passage" disableSort sx={hiddenOnPhones}>
          <PassageField source="passage" />
        </DataTable.Col>
        <DataTable.Col source="preachedOn" />
        <DataTable.Col source="status" disableSort>
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="publishedAt" sx={hiddenOnPhones}>
          <DateField source="publishedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="views" sx={hiddenOnPhones} />
        <DataTable.Col source="updatedAt" sx={hiddenOnPhones}>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** /admin/mySermonManage's list. */
export function MySermonList() {
  return <SermonList mine />;
}
