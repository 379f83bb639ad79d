import {
  Edit,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from "react-admin";
import Box from "@mui/material/Box";
import { sermonInputSchema } from "../../../common/schemas/sermon";
import {
  RevisionsPanel,
  comparedFields,
} from "../../kit/content/RevisionsPanel";
import { SermonForm } from "./SermonForm";

const COMPARED = comparedFields(sermonInputSchema);

function Revisions() {
  const resource = useResourceContext() ?? "";
  const record = useRecordContext<{ id: number; version: number }>();
  const refresh = useRefresh();
  if (!record) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <RevisionsPanel
        apiPath="sermons"
        fieldsPrefix={`resources.${resource}.fields`}
        current={record}
        fields={COMPARED}
        htmlFields={["body"]}
        onRestored={() => refresh()}
      />
    </Box>
  );
}

/** Saves are pessimistic: the server checks the version; a stale one opens the dialog. */
export function SermonEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SermonForm deletable />
      <Revisions />
    </Edit>
  );
}
