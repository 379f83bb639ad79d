import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  AutocompleteInput,
  Button,
  DataTable,
  DateInput,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  useCanAccess,
  usePermissions,
  useListContext,
  useTranslate,
} from "react-admin";
import type {
  Disciple,
  DiscipleSummary,
} from "../../../common/schemas/disciple";
import { mainClient } from "../../http";
import { RegionCascaderInput } from "../../reference/RegionCascaderInput";
import {
  ResourceBulkActions,
  ResourceBulkUpdate,
  ResourceListActions,
} from "../../kit/ResourceListActions";
import { ResourceList } from "../../kit/ResourceList";
import { hiddenBelowMd, hiddenBelowSm } from "../../kit/columns";
import { useDiscipleChoices } from "./choices";
import { HighlightField } from "../../kit/HighlightField";

const RESOURCE = "admin/discipleManage";

/** The shared toolbar (add filter, create, export), then the CSV import. */
function Actions() {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({
    resource: RESOURCE,
    action: "create",
  });
  // The import's duplicate check compares phone numbers: it needs the contact permission.
  const { permissions } = usePermissions<string[]>();
  const canImport =
    canCreate &&
    Array.isArray(permissions) &&
    permissions.includes("disciple:contact");
  return (
    <ResourceListActions>
      {canImport ? (
        <Button
          component={Link}
          to="/admin/discipleManage/import"
          label={translate("disciples.import.button")}
        >
          <UploadFileIcon />
        </Button>
      ) : null}
    </ResourceListActions>
  );
}

function BulkActions() {
  const translate = useTranslate();
  return (
    <ResourceBulkActions>
      <ResourceBulkUpdate
        data={{ status: "active" }}
        label={translate("disciples.status.active")}
      />
      <ResourceBulkUpdate
        data={{ status: "inactive" }}
        label={translate("disciples.status.inactive")}
      />
    </ResourceBulkActions>
  );
}

/** Counts by status over every believer, refreshed when the list's data changes. */
function SummaryBar() {
  const translate = useTranslate();
  const { data } = useListContext();
  const [summary, setSummary] = useState<DiscipleSummary>();
  useEffect(() => {
    let live = true;
    mainClient
      .get<DiscipleSummary>("/disciples/summary", {}, { loading: false })
      .then((answer) => {
        if (live) setSummary(answer.data);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [data]);
  if (!summary) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      flexWrap="wrap"
      sx={{ px: 2, py: 1 }}
      role="status"
      aria-label={translate("disciples.summary_label")}
    >
      <Typography variant="body2" sx={{ alignSelf: "center", mr: 1 }}>
        {translate("disciples.summary", { total: summary.total })}
      </Typography>
      {Object.entries(summary.byStatus).map(([status, count]) => (
        <Chip
          key={status}
          size="small"
          variant="outlined"
          label={`${translate(`disciples.status.${status}`)} ${count}`}
        />
      ))}
    </Stack>
  );
}

function useFilters() {
  const translate = useTranslate();
  const { genders, statuses } = useDiscipleChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statuses} />,
    <SelectInput key="gender" source="gender" choices={genders} />,
    <TextInput key="congregation" source="congregation" />,
    <RegionCascaderInput key="regionCode" source="regionCode" />,
    <ReferenceInput
      key="tagId"
      source="tagId"
      reference="admin/tagManage"
      label={translate("disciples.filter.tagId")}
    >
      <AutocompleteInput
        optionText="name"
        label={translate("disciples.filter.tagId")}
      />
    </ReferenceInput>,
    ...(
      [
        "birthDateFrom",
        "birthDateTo",
        "baptismDateFrom",
        "baptismDateTo",
        "joinedOnFrom",
        "joinedOnTo",
      ] as const
    ).map((source) => (
      <DateInput
        key={source}
        source={source}
        label={translate(`disciples.filter.${source}`)}
      />
    )),
  ];
}

/** /admin/discipleManage: filters, summary bar, sort, create, edit, bulk actions, import, export. */
export function DiscipleList() {
  const translate = useTranslate();
  return (
    <ResourceList
      filters={useFilters()}
      sort={{ field: "id", order: "DESC" }}
      actions={<Actions />}
      header={<SummaryBar />}
      bulkActionButtons={<BulkActions />}
    >
      <DataTable.Col source="id" sx={hiddenBelowSm} />
      <DataTable.Col source="name">
        <HighlightField source="name" />
      </DataTable.Col>
      <DataTable.Col source="gender" sx={hiddenBelowSm}>
        <FunctionField<Disciple>
          render={(record) => translate(`disciples.gender.${record.gender}`)}
        />
      </DataTable.Col>
      <DataTable.Col source="phone" disableSort />
      <DataTable.Col source="email" disableSort sx={hiddenBelowMd} />
      <DataTable.Col source="congregation" sx={hiddenBelowSm} />
      <DataTable.Col source="status">
        <FunctionField<Disciple>
          render={(record) => translate(`disciples.status.${record.status}`)}
        />
      </DataTable.Col>
      <DataTable.Col source="joinedOn" sx={hiddenBelowMd} />
    </ResourceList>
  );
}
