import { useId, useState, type ChangeEvent } from "react";
import { Link } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import MuiButton from "@mui/material/Button";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Title, useTranslate } from "react-admin";
import {
  DISCIPLE_IMPORT_FIELDS,
  type DiscipleImportField,
  type DuplicateMode,
  type ImportPreview,
  type ImportResult,
} from "../../../common/schemas/disciple";
import { mainClient } from "../../http";

type Encoding = "auto" | "utf-8" | "gb18030";

/**
 * /admin/discipleManage/import: upload a CSV and map its columns (the server guesses the
 * mapping from the headers), read the server's check of every row, then commit the valid
 * rows, skipping or updating the duplicates. The file is sent again with the commit: the
 * server keeps nothing between the two steps.
 */
export function DiscipleImport() {
  const translate = useTranslate();
  const fileInputId = useId();
  const [file, setFile] = useState<File>();
  const [encoding, setEncoding] = useState<Encoding>("auto");
  const [columns, setColumns] = useState<(DiscipleImportField | null)[]>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [duplicates, setDuplicates] = useState<DuplicateMode>("skip");
  const [result, setResult] = useState<ImportResult>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const formData = (extra: Record<string, string> = {}) => {
    const data = new FormData();
    data.append("encoding", encoding);
    if (columns) data.append("columns", JSON.stringify(columns));
    for (const [key, value] of Object.entries(extra)) data.append(key, value);
    data.append("file", file!);
    return data;
  };

  const failure = (error: unknown) => {
    const errors = (error as { data?: { errors?: Record<string, string> } })
      .data?.errors;
    setProblem(errors ? Object.values(errors).join("; ") : undefined);
  };

  const check = async () => {
    if (!file) {
      setProblem(translate("disciples.import.no_file"));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    setResult(undefined);
    try {
      const answer = await mainClient.post<ImportPreview>(
        "/disciples/import/preview",
        formData(),
      );
      setPreview(answer.data);
      setColumns(answer.data.columns);
    } catch (error) {
      setPreview(undefined);
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await mainClient.post<ImportResult>(
        "/disciples/import/commit",
        formData({ duplicates }),
      );
      setResult(answer.data);
      setPreview(undefined);
    } catch (error) {
      failure(error);
    } finally {
      setBusy(false);
    }
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0]);
    setColumns(undefined);
    setPreview(undefined);
    setResult(undefined);
    setProblem(undefined);
  };

  const toImport = preview
    ? preview.valid - (duplicates === "skip" ? preview.duplicates : 0)
    : 0;

  return (
    <Box sx={{ mt: 1, maxWidth: 1100 }}>
      <Title title={translate("disciples.import.title")} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography component="h2" variant="h6">
              1. {translate("disciples.import.step_upload")}
            </Typography>
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={2}
              alignItems={{ sm: "center" }}
            >
              <Box>
                <FormLabel htmlFor={fileInputId}>
                  {translate("disciples.import.file")}
                </FormLabel>
                <Box>
                  <input
                    id={fileInputId}
                    type="file"
                    accept=".csv,text/csv"
                    onChange={chooseFile}
                  />
                </Box>
              </Box>
              <EncodingSelect value={encoding} onChange={setEncoding} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {translate("disciples.import.file_hint")}
            </Typography>
            {preview && columns ? (
              <ColumnMapping
                headers={preview.headers}
                columns={columns}
                onChange={setColumns}
              />
            ) : null}
            <Box>
              <MuiButton variant="contained" onClick={check} disabled={busy}>
                {translate("disciples.import.preview")}
              </MuiButton>
            </Box>
            <ImportOutcome problem={problem} result={result} />
          </Stack>
        </CardContent>
      </Card>
      {preview ? (
        <PreviewStep
          preview={preview}
          duplicates={duplicates}
          onDuplicates={setDuplicates}
          toImport={toImport}
          busy={busy}
          onCommit={commit}
        />
      ) : null}
    </Box>
  );
}

function EncodingSelect({
  value,
  onChange,
}: {
  value: Encoding;
  onChange(next: Encoding): void;
}) {
  const translate = useTranslate();
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel id="import-encoding-label">
        {translate("disciples.import.encoding")}
      </InputLabel>
      <Select
        labelId="import-encoding-label"
        label={translate("disciples.import.encoding")}
        value={value}
        onChange={(event) => onChange(event.target.value as Encoding)}
      >
        <MenuItem value="auto">
          {translate("disciples.import.encoding_auto")}
        </MenuItem>
        <MenuItem value="utf-8">UTF-8</MenuItem>
        <MenuItem value="gb18030">GB18030</MenuItem>
      </Select>
    </FormControl>
  );
}

/** One picker per column of the file: which believer field it fills, or none. */
function ColumnMapping({
  headers,
  columns,
  onChange,
}: {
  headers: string[];
  columns: (DiscipleImportField | null)[];
  onChange(next: (DiscipleImportField | null)[]): void;
}) {
  const translate = useTranslate();
  const fieldName = (field: string) =>
    translate(`resources.admin/discipleManage.fields.${field}`);
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: "1fr",
          sm: "repeat(auto-fill, minmax(220px, 1fr))",
        },
      }}
    >
      {headers.map((header, index) => {
        const labelId = `import-column-${index}`;
        const label = translate("disciples.import.column", {
          header,
        });
        return (
          <FormControl key={labelId} size="small">
            <InputLabel id={labelId}>{label}</InputLabel>
            <Select
              labelId={labelId}
              label={label}
              value={columns[index] ?? ""}
              onChange={(event) => {
                const next = [...columns];
                next[index] =
                  (event.target.value as DiscipleImportField) || null;
                onChange(next);
              }}
            >
              <MenuItem value="">
                {translate("disciples.import.ignore")}
              </MenuItem>
              {DISCIPLE_IMPORT_FIELDS.map((field) => (
                <MenuItem key={field} value={field}>
                  {fieldName(field)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        );
      })}
    </Box>
  );
}

/** The server's check of the rows shown: each row's problems, or that it is fine. */
function PreviewTable({ rows }: { rows: ImportPreview["rows"] }) {
  const translate = useTranslate();
  const fieldName = (field: string) =>
    translate(`resources.admin/discipleManage.fields.${field}`);
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate("disciples.import.line")}</TableCell>
            <TableCell>{fieldName("name")}</TableCell>
            <TableCell>{fieldName("phone")}</TableCell>
            <TableCell>{translate("disciples.import.problems")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const problems = Object.entries(row.errors).map(
              ([field, message]) => `${fieldName(field)}: ${message}`,
            );
            if (row.duplicateOf)
              problems.push(
                translate("disciples.import.duplicate_of", {
                  ...row.duplicateOf,
                }),
              );
            return (
              <TableRow key={row.line}>
                <TableCell>{row.line}</TableCell>
                <TableCell>{row.values.name}</TableCell>
                <TableCell>{row.values.phone}</TableCell>
                <TableCell
                  sx={{
                    color:
                      problems.length > 0 && !row.duplicateOf
                        ? "error.main"
                        : undefined,
                  }}
                >
                  {problems.length > 0
                    ? problems.join("; ")
                    : translate("disciples.import.ok")}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Step 2: the counts, the rows' problems, what to do with duplicates, and the commit. */
function PreviewStep({
  preview,
  duplicates,
  onDuplicates,
  toImport,
  busy,
  onCommit,
}: {
  preview: ImportPreview;
  duplicates: DuplicateMode;
  onDuplicates(next: DuplicateMode): void;
  toImport: number;
  busy: boolean;
  onCommit(): void;
}) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h2" variant="h6">
            2. {translate("disciples.import.step_preview")}
          </Typography>
          <Typography role="status">
            {translate("disciples.import.counts", { ...preview })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate("disciples.import.shown")}
          </Typography>
          <PreviewTable rows={preview.rows} />
          {preview.duplicates > 0 ? (
            <FormControl>
              <FormLabel id="import-duplicates-label">
                {translate("disciples.import.duplicates")}
              </FormLabel>
              <RadioGroup
                aria-labelledby="import-duplicates-label"
                value={duplicates}
                onChange={(event) =>
                  onDuplicates(event.target.value as DuplicateMode)
                }
              >
                <FormControlLabel
                  value="skip"
                  control={<Radio />}
                  label={translate("disciples.import.skip")}
                />
                <FormControlLabel
                  value="update"
                  control={<Radio />}
                  label={translate("disciples.import.update")}
                />
              </RadioGroup>
            </FormControl>
          ) : null}
          <Box>
            <MuiButton
              variant="contained"
              onClick={onCommit}
              disabled={busy || toImport <= 0}
            >
              {translate("disciples.import.commit", { count: toImport })}
            </MuiButton>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** What the last step ended in: the refusal's reason, or the import's counts. */
function ImportOutcome({
  problem,
  result,
}: {
  problem: string | undefined;
  result: ImportResult | undefined;
}) {
  const translate = useTranslate();
  return (
    <>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      {result ? (
        <Alert severity="success" role="status">
          {translate("disciples.import.done", { ...result })}{" "}
          <Link to="/admin/discipleManage">
            {translate("disciples.import.back")}
          </Link>
        </Alert>
      ) : null}
    </>
  );
}
