import {
  AutocompleteInput,
  Button,
  DataTable,
  DateInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  useTranslate,
} from "react-admin";
import { Link } from "react-router-dom";
import AddIcon from "@mui/icons-material/Add";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { ResourceListActions } from "../../kit/ResourceListActions";
import { WorkflowBulkActions } from "../../kit/content/workflow";
import { ResourceList } from "../../kit/ResourceList";
import { hiddenBelowSm, TimeCol } from "../../kit/columns";
import { StatusField } from "../../kit/content/StatusField";
import { SuggestInput } from "../../kit/content/SuggestInput";
import { statusChoices } from "../../kit/content/WorkflowInputs";
import { ARTICLE_EDIT_PATH, articleEditHref } from "./paths";
import { HighlightField, LONG_TEXT_FIELDS } from "../../kit/HighlightField";
import { PassageFilterInput } from "../../kit/PassageFilterInput";

const RESOURCE = "admin/articleManage";

/** The shared toolbar (add filter, export); new articles open in the full-page editor. */
function Actions() {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({
    resource: RESOURCE,
    action: "create",
  });
  return (
    <ResourceListActions create={false}>
      {canCreate ? (
        <Button
          component={Link}
          to={ARTICLE_EDIT_PATH}
          label={translate("ra.action.create")}
        >
          <AddIcon />
        </Button>
      ) : null}
    </ResourceListActions>
  );
}

/** /admin/articleManage: filters, sorting, export, bulk publishing; rows open the editor. */
export function ArticleList() {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("md"));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <PassageFilterInput key="passage" source="passage" />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn={wide}
      choices={statusChoices(translate)}
    />,
    <SuggestInput key="author" source="author" apiPath="articles" />,
    <SuggestInput key="category" source="category" apiPath="articles" />,
    <ReferenceInput key="tagId" source="tagId" reference="admin/tagManage">
      <AutocompleteInput optionText="name" />
    </ReferenceInput>,
    <DateInput key="updatedAtFrom" source="updatedAtFrom" />,
    <DateInput key="updatedAtTo" source="updatedAtTo" />,
  ];
  return (
    <ResourceList
      filters={filters}
      sort={{ field: "updatedAt", order: "DESC" }}
      actions={<Actions />}
      bulkActionButtons={<WorkflowBulkActions />}
      table={{ editClick: (id) => articleEditHref(id as number) }}
    >
      <DataTable.Col source="id" sx={hiddenBelowSm} />
      <DataTable.Col source="title">
        <HighlightField source="title" snippet={LONG_TEXT_FIELDS} />
      </DataTable.Col>
      <DataTable.Col source="author" disableSort sx={hiddenBelowSm}>
        <HighlightField source="author" />
      </DataTable.Col>
      <DataTable.Col source="category" disableSort sx={hiddenBelowSm} />
      <DataTable.Col source="status" disableSort>
        <StatusField />
      </DataTable.Col>
      <TimeCol source="publishedAt" sx={hiddenBelowSm} />
      <TimeCol source="updatedAt" />
    </ResourceList>
  );
}
