import { useCallback, useState } from "react";
import { useParams } from "react-router-dom";
import { Stack } from "@mui/material";
import MergeIcon from "@mui/icons-material/CallMerge";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Button,
  DataTable,
  EditButton,
  List,
  Pagination,
  SearchInput,
  useCanAccess,
  useRecordContext,
} from "react-admin";
import { MAX_PAGE_SIZE } from "../../../common/constants";
import { ResourceListActions } from "../../kit/ResourceListActions";
import { BilingualNameCols, hiddenBelowSm } from "../../kit/columns";
import { bodyWithRowAttribute } from "../askShared/rowAttribute";
import {
  AskTagFormDialog,
  DeleteDialog,
  MergeDialog,
  RESOURCE,
  type AskTagRecord,
} from "./AskTagDialogs";

const TagBody = bodyWithRowAttribute("tag-id");
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** A row's buttons: edit, merge into another tag, delete (after the usage check). */
function TagRowActions() {
  const tag = useRecordContext<AskTagRecord>();
  const [open, setOpen] = useState<"merge" | "delete" | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const { canAccess: canUpdate } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  const { canAccess: canDelete } = useCanAccess({
    resource: RESOURCE,
    action: "delete",
  });
  if (!tag) return null;
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {canUpdate ? <EditButton /> : null}
      {canDelete ? (
        <>
          <Button
            label="moderation.action.merge"
            onClick={() => setOpen("merge")}
          >
            <MergeIcon />
          </Button>
          <Button
            label="ra.action.delete"
            color="error"
            onClick={() => setOpen("delete")}
          >
            <DeleteIcon />
          </Button>
        </>
      ) : null}
      {open === "merge" ? <MergeDialog tag={tag} onClose={close} /> : null}
      {open === "delete" ? (
        <DeleteDialog
          tag={tag}
          onClose={close}
          onMerge={() => setOpen("merge")}
        />
      ) : null}
    </Stack>
  );
}

/**
 * askTagManage: the Q&A tags; search, sort, create and edit in a dialog, CSV export, and
 * a tag in use merged into another rather than deleted.
 */
export function AskTagList() {
  return (
    <List
      resource={RESOURCE}
      filters={filters}
      sort={{ field: "sortOrder", order: "ASC" }}
      perPage={MAX_PAGE_SIZE}
      pagination={<Pagination rowsPerPageOptions={[25, 50, MAX_PAGE_SIZE]} />}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable body={TagBody} rowClick={false} bulkActionButtons={false}>
        <BilingualNameCols />
        <DataTable.NumberCol source="sortOrder" sx={hiddenBelowSm} />
        <DataTable.Col source="id" label="moderation.field.actions" disableSort>
          <TagRowActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The create route: the list with the new tag's dialog over it. */
export function AskTagCreate() {
  return (
    <>
      <AskTagList />
      <AskTagFormDialog />
    </>
  );
}

/** The edit route: the list with the tag's dialog over it. */
export function AskTagEdit() {
  const { id } = useParams();
  return (
    <>
      <AskTagList />
      <AskTagFormDialog id={id} />
    </>
  );
}
