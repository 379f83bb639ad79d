import { useState } from "react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import { Title, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { askTagInputSchema } from "../../common/schemas/ask";
import { downloadCsv, failureMessage, useLoad } from "./shared";

interface AskTag {
  id: number;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  sortOrder: number;
  version: number;
}

/** askTagManage (issue 15): the Q&A tags; a tag in use is merged, not deleted. */
export function AskTagManagePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [q, setQ] = useState("");
  const [search, setSearch] = useState("");
  const { data, reload } = useLoad<{ list: AskTag[]; total: number }>(
    "ask/admin/tags",
    {
      filter: JSON.stringify(search ? { q: search } : {}),
      sort: JSON.stringify(["sortOrder", "ASC"]),
      range: "[0,99]",
    },
  );
  const [editing, setEditing] = useState<AskTag | "new" | null>(null);
  const [merging, setMerging] = useState<AskTag | null>(null);
  const list = data?.list ?? [];
  const remove = async (tag: AskTag) => {
    try {
      await mainClient.delete(`ask/admin/tags/${tag.id}`);
      notify("moderation.done", { type: "success" });
    } catch {
      /* 40900 when in use: the client showed the server's message */
    }
    await reload();
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate("app.page_names.askTagManage")} />
      <Stack
        direction="row"
        gap={1}
        flexWrap="wrap"
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(q.trim());
        }}
        sx={{ my: 2 }}
      >
        <TextField
          size="small"
          label={translate("moderation.field.keyword")}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit" variant="outlined">
          {translate("moderation.action.search")}
        </Button>
        <Button variant="contained" onClick={() => setEditing("new")}>
          {translate("moderation.action.create")}
        </Button>
        <Button
          onClick={() =>
            downloadCsv(
              "askTagManage",
              [
                "ID",
                ...[
                  "name",
                  "nameEn",
                  "description",
                  "descriptionEn",
                  "sortOrder",
                ].map((f) => translate(`moderation.field.${f}`)),
              ],
              list.map((tag) => [
                tag.id,
                tag.name,
                tag.nameEn,
                tag.description,
                tag.descriptionEn,
                tag.sortOrder,
              ]),
            )
          }
        >
          {translate("moderation.action.export")}
        </Button>
      </Stack>
      <Box
        sx={{ overflowX: "auto" }}
        tabIndex={0}
        role="region"
        aria-label={translate("app.page_names.askTagManage")}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate("moderation.field.name")}</TableCell>
              <TableCell>{translate("moderation.field.nameEn")}</TableCell>
              <TableCell>{translate("moderation.field.sortOrder")}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((tag) => (
              <TableRow key={tag.id} data-tag-id={tag.id}>
                <TableCell>{tag.name}</TableCell>
                <TableCell>{tag.nameEn}</TableCell>
                <TableCell>{tag.sortOrder}</TableCell>
                <TableCell>
                  <Stack direction="row" gap={0.5} flexWrap="wrap">
                    <Button size="small" onClick={() => setEditing(tag)}>
                      {translate("moderation.action.edit")}
                    </Button>
                    <Button size="small" onClick={() => setMerging(tag)}>
                      {translate("moderation.action.merge")}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => remove(tag)}
                    >
                      {translate("moderation.action.delete")}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {editing ? (
        <TagDialog
          tag={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      ) : null}
      {merging ? (
        <MergeDialog
          tag={merging}
          tags={list}
          onClose={() => setMerging(null)}
          onSaved={reload}
        />
      ) : null}
    </Box>
  );
}

function TagDialog({
  tag,
  onClose,
  onSaved,
}: {
  tag: AskTag | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState({
    name: tag?.name ?? "",
    nameEn: tag?.nameEn ?? "",
    description: tag?.description ?? "",
    descriptionEn: tag?.descriptionEn ?? "",
    sortOrder: String(tag?.sortOrder ?? 0),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    const input = {
      ...values,
      sortOrder:
        values.sortOrder.trim() === "" ? null : Number(values.sortOrder),
    };
    const parsed = askTagInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] =
          field === "sortOrder"
            ? translate("moderation.error.range", { min: 0, max: 1000000 })
            : issue.code === "too_big"
              ? translate("moderation.error.too_long", {
                  max: field.startsWith("description") ? 500 : 64,
                })
              : translate("moderation.error.required");
      }
      setErrors(found);
      return;
    }
    try {
      if (tag)
        await mainClient.put(`ask/admin/tags/${tag.id}`, {
          ...parsed.data,
          version: tag.version,
        });
      else await mainClient.post("ask/admin/tags", parsed.data);
      await onSaved();
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };
  const field = (name: keyof typeof values, required = false) => (
    <TextField
      fullWidth
      margin="dense"
      name={name}
      type={name === "sortOrder" ? "number" : "text"}
      required={required}
      label={translate(`moderation.field.${name}`)}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? " "}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate(tag ? "moderation.action.edit" : "moderation.action.create")}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {field("name", true)}
          {field("nameEn")}
          {field("description")}
          {field("descriptionEn")}
          {field("sortOrder")}
        </Box>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate("moderation.action.cancel")}
        </Button>
        <Button variant="contained" onClick={save}>
          {translate("moderation.action.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MergeDialog({
  tag,
  tags,
  onClose,
  onSaved,
}: {
  tag: AskTag;
  tags: AskTag[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const translate = useTranslate();
  const [target, setTarget] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const merge = async () => {
    if (!target) return setFailure(translate("moderation.error.required"));
    try {
      await mainClient.post(`ask/admin/tags/${tag.id}/merge`, {
        targetId: Number(target),
        version: tag.version,
      });
      await onSaved();
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate("moderation.action.merge")}: {tag.name}
      </DialogTitle>
      <DialogContent>
        <p>{translate("moderation.tag.merge_help")}</p>
        <TextField
          select
          fullWidth
          required
          label={translate("moderation.field.target")}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        >
          {tags
            .filter((other) => other.id !== tag.id)
            .map((other) => (
              <MenuItem key={other.id} value={String(other.id)}>
                {other.name}
              </MenuItem>
            ))}
        </TextField>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate("moderation.action.cancel")}
        </Button>
        <Button variant="contained" onClick={merge}>
          {translate("moderation.action.merge")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
