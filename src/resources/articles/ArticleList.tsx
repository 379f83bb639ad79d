import {
  AutocompleteInput,
  BulkDeleteButton,
  Button,
  DataTable,
  DateField,
  DateInput,
  List,
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
import { ResourceListActions } from "../ResourceListActions";
import { PublishingButtons } from "../content/PublishingButtons";
import { StatusField } from "../content/StatusField";
import { SuggestInput } from "../content/SuggestInput";
import { statusChoices } from "../content/WorkflowInputs";
import { ARTICLE_EDIT_PATH, articleEditHref } from "./paths";
import { HighlightField, LONG_TEXT_FIELDS } from "../HighlightField";
import { PassageFilterInput } from "../PassageFilterInput";

const RESOURCE = "admin/articleManage";
const hiddenOnPhones = { display: { xs: "none", sm: "table-cell" } };

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

function BulkActions() {
  const { canAccess: canDelete } = useCanAccess({
    resource: RESOURCE,
    action: "delete",
  });
  return (
    <>
      <PublishingButtons />
      {canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null}
    </>
  );
}

/** /admin/articleManage: filters, sorting, export, bulk publishing; rows open the editor. */
export function ArticleList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
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
    <List
      filters={filters}
      sort={{ field: "updatedAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<Actions />}
    >
      <DataTable
        rowClick={canEdit ? (id) => articleEditHref(id as number) : false}
        bulkActionButtons={<BulkActions />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="title">
          <HighlightField source="title" snippet={LONG_TEXT_FIELDS} />
        </DataTable.Col>
        <DataTable.Col source="author" disableSort sx={hiddenOnPhones}>
          <HighlightField source="author" />
        </DataTable.Col>
        <DataTable.Col source="category" disableSort sx={hiddenOnPhones} />
        <DataTable.Col source="status" disableSort>
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="publishedAt" sx={hiddenOnPhones}>
          <DateField source="publishedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="updatedAt">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
