import {
  AutocompleteInput,
  DataTable,
  DateInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { getStoredUser } from "../../http/session";
import { ResourceList } from "../../kit/ResourceList";
import { hiddenBelowSm, TimeCol } from "../../kit/columns";
import { WorkflowBulkActions } from "../../kit/content/workflow";
import { StatusField } from "../../kit/content/StatusField";
import { SuggestInput } from "../../kit/content/SuggestInput";
import { statusChoices } from "../../kit/content/WorkflowInputs";
import { HighlightField, LONG_TEXT_FIELDS } from "../../kit/HighlightField";
import { PassageField } from "../../kit/PassageField";
import { PassageFilterInput } from "../../kit/PassageFilterInput";

/**
 * /admin/sermonManage, and /admin/mySermonManage (`mine`): the same list limited to the
 * sermons the current user created. Filters by keyword, preacher, series, service type,
 * tag, status and date; sorts; exports; publishes, unpublishes, archives or deletes in bulk.
 */
export function SermonList({ mine = false }: { mine?: boolean }) {
  const translate = useTranslate();
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
    <ResourceList
      filters={filters}
      filter={permanent}
      sort={{ field: "preachedOn", order: "DESC" }}
      bulkActionButtons={<WorkflowBulkActions />}
    >
      <DataTable.Col source="id" sx={hiddenBelowSm} />
      <DataTable.Col source="title">
        <HighlightField source="title" snippet={LONG_TEXT_FIELDS} />
      </DataTable.Col>
      <DataTable.Col source="preacher" disableSort sx={hiddenBelowSm}>
        <HighlightField source="preacher" />
      </DataTable.Col>
      <DataTable.Col source="series" disableSort sx={hiddenBelowSm}>
        <HighlightField source="series" />
      </DataTable.Col>
      <DataTable.Col source="passage" disableSort sx={hiddenBelowSm}>
        <PassageField source="passage" />
      </DataTable.Col>
      <DataTable.Col source="preachedOn" />
      <DataTable.Col source="status" disableSort>
        <StatusField />
      </DataTable.Col>
      <TimeCol source="publishedAt" sx={hiddenBelowSm} />
      <DataTable.Col source="views" sx={hiddenBelowSm} />
      <TimeCol source="updatedAt" sx={hiddenBelowSm} />
    </ResourceList>
  );
}

/** /admin/mySermonManage's list. */
export function MySermonList() {
  return <SermonList mine />;
}
