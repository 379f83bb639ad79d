import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useFormContext, useFormState } from "react-hook-form";
import {
  Form,
  RecordContextProvider,
  ResourceContextProvider,
  TextInput,
  Title,
  useNotify,
  useTranslate,
} from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import MuiButton from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SaveIcon from "@mui/icons-material/Save";
import {
  articleInputSchema,
  type Article,
} from "../../../common/schemas/article";
import { ApiError, mainClient } from "../../http";
import { getStoredUser } from "../../http/session";
import { LazyRichTextInput } from "../../editor";
import { MediaInput } from "../../media/MediaInput";
import { Loading } from "../../kit/Loading";
import { schemaForm } from "../../kit/schemaForm";
import {
  RevisionsPanel,
  comparedFields,
} from "../../kit/content/RevisionsPanel";
import { SuggestInput } from "../../kit/content/SuggestInput";
import { WorkflowInputs } from "../../kit/content/WorkflowInputs";
import {
  isStaleVersion,
  StaleVersionDialog,
} from "../../kit/StaleVersionDialog";
import { ARTICLE_EDIT_PATH, draftKey } from "./paths";
import { useLeaveGuard } from "./useLeaveGuard";

const RESOURCE = "admin/articleManage";
const form = schemaForm(articleInputSchema);
// A save sends the schema's fields; a revision compares them less the publishing state.
const WRITABLE = Object.keys(articleInputSchema.shape);
const COMPARED = comparedFields(articleInputSchema);
const NEW_ARTICLE = { status: "draft", title: "", body: "", tagIds: [] };

type Values = Record<string, unknown>;

function writable(values: Values): Values {
  const picked: Values = {};
  for (const field of WRITABLE)
    if (field in values) picked[field] = values[field];
  return picked;
}
const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) ||
  ((a ?? "") === "" && (b ?? "") === "");

/** Tells whether the writable fields differ; an empty editor ("" vs "<p></p>") does not count. */
function differs(values: Values, base: Values): boolean {
  const empty = (v: unknown) => v === "<p></p>" || v === null || v === "";
  return WRITABLE.some(
    (field) =>
      !same(values[field], base[field]) &&
      !(empty(values[field]) && empty(base[field] ?? "")),
  );
}

/**
 * /admin/articleEdit: the full-page article editor. `?id=` edits, no id creates. The
 * editor takes the page, the details sit in a side panel (below it on a phone). Ctrl/Cmd+S
 * saves; every change is kept in this browser as a draft until it is saved, so a reload
 * loses nothing; leaving with unsaved changes asks first.
 */
export function ArticleEditPage() {
  const [params] = useSearchParams();
  const translate = useTranslate();
  const idText = params.get("id");
  const id =
    idText === null ? null : /^\d{1,9}$/.test(idText) ? Number(idText) : NaN;
  const [record, setRecord] = useState<Article | null | undefined>(
    id === null ? null : undefined,
  );
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    setMissing(false);
    if (id === null) {
      setRecord(null);
      return;
    }
    if (Number.isNaN(id)) {
      setMissing(true);
      return;
    }
    setRecord(undefined);
    let current = true;
    mainClient
      .get<Article>(`/articles/${id}`, undefined, { loading: false })
      .then(
        (answer) => current && setRecord(answer.data),
        () => current && setMissing(true),
      );
    return () => {
      current = false;
    };
  }, [id]);

  if (missing)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">
          {translate("content.article_edit.not_found")}
        </Alert>
        <MuiButton component={Link} to="/admin/articleManage" sx={{ mt: 1 }}>
          {translate("content.article_edit.back")}
        </MuiButton>
      </Box>
    );
  if (record === undefined) return <Loading />;
  return <ArticleEditor key={record?.id ?? "new"} initial={record} />;
}

/** The draft this browser kept for the article, if it differs from the saved one. */
function readDraft(key: string, base: Values): Values | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as { values: Values };
    return differs(draft.values, base) ? writable(draft.values) : null;
  } catch {
    localStorage.removeItem(key);
    return null;
  }
}

function ArticleEditor({ initial }: { initial: Article | null }) {
  const [current, setCurrent] = useState<Article | null>(initial);
  // A draft left by a reload (or a closed tab) is what the form starts from.
  const [draft, setDraft] = useState<Values | null>(() =>
    readDraft(
      draftKey(getStoredUser()?.userId, initial?.id ?? null),
      (initial ?? NEW_ARTICLE) as Values,
    ),
  );
  const saveRef = useRef<(values: Values) => Promise<unknown>>(
    async () => undefined,
  );
  return (
    <ResourceContextProvider value={RESOURCE}>
      <RecordContextProvider value={current ?? undefined}>
        <Form
          id="article-form"
          record={{ ...(current ?? NEW_ARTICLE), ...draft }}
          validate={form.validate}
          noValidate
          onSubmit={(values: Values) => saveRef.current(values)}
        >
          <EditorBody
            current={current}
            setCurrent={(record) => {
              setDraft(null);
              setCurrent(record);
            }}
            restoredDraft={draft !== null}
            dropDraft={() => setDraft(null)}
            saveRef={saveRef}
          />
        </Form>
      </RecordContextProvider>
    </ResourceContextProvider>
  );
}

function EditorBody({
  current,
  setCurrent,
  restoredDraft,
  dropDraft,
  saveRef,
}: {
  current: Article | null;
  setCurrent(record: Article): void;
  restoredDraft: boolean;
  dropDraft(): void;
  saveRef: React.MutableRefObject<(values: Values) => Promise<unknown>>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const formApi = useFormContext();
  const { isSubmitting } = useFormState();
  const userId = getStoredUser()?.userId;
  const key = draftKey(userId, current?.id ?? null);
  const base = (current ?? NEW_ARTICLE) as Values;
  const [unsaved, setUnsaved] = useState(restoredDraft);
  const [restored, setRestored] = useState(restoredDraft);
  const [stale, setStale] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);

  useDraftAutosave(formApi.watch, key, base, setUnsaved);

  useLeaveGuard(unsaved, translate("content.article_edit.leave_prompt"));

  const take = useCallback(
    (record: Article) => {
      localStorage.removeItem(key);
      setUnsaved(false);
      setRestored(false);
      setCurrent(record);
      formApi.reset(record);
    },
    [formApi, key, setCurrent],
  );

  saveRef.current = async (values: Values) => {
    const data = writable(values);
    try {
      if (current) {
        const answer = await mainClient.put<Article>(
          `/articles/${current.id}`,
          {
            ...data,
            version: values.version ?? current.version,
          },
        );
        take(answer.data);
      } else {
        const answer = await mainClient.post<Article>("/articles", data);
        localStorage.removeItem(key);
        setUnsaved(false);
        notify("content.article_edit.saved", { type: "info" });
        navigate(`${ARTICLE_EDIT_PATH}?id=${answer.data.id}`, {
          replace: true,
        });
        return undefined;
      }
      setSavedOnce(true);
      notify("content.article_edit.saved", { type: "info" });
      return undefined;
    } catch (error) {
      if (isStaleVersion(error)) {
        setStale(true);
        return undefined;
      }
      // The client has shown the server's message; field errors go under the fields.
      return error instanceof ApiError ? error.body?.errors : undefined;
    }
  };

  useSaveShortcut();

  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        minHeight: { md: "calc(100vh - 64px)" },
        height: { md: "calc(100vh - 64px)" },
      }}
    >
      <EditorBar
        isNew={!current}
        unsaved={unsaved}
        savedOnce={savedOnce}
        saving={isSubmitting}
      />
      {restored ? (
        <DraftRestoredNotice
          onDiscard={() => {
            localStorage.removeItem(key);
            setRestored(false);
            setUnsaved(false);
            dropDraft();
            formApi.reset(base);
          }}
        />
      ) : null}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: "flex",
          flexDirection: { xs: "column", md: "row" },
        }}
      >
        <ArticleText />
        <ArticleMetadata
          current={current}
          onRestored={(record) => take(record as Article)}
        />
      </Box>
      {current ? (
        <StaleVersionDialog
          open={stale}
          mine={formApi.getValues()}
          loadTheirs={async () =>
            (await mainClient.get<Values>(`/articles/${current.id}`)).data
          }
          fieldLabel={(field) => `resources.${RESOURCE}.fields.${field}`}
          onReload={(theirs) => {
            take(theirs as Article);
            setStale(false);
            notify("content.stale.reloaded", { type: "info" });
          }}
          onOverwrite={(theirs) => {
            formApi.setValue("version", theirs.version, { shouldDirty: true });
            setStale(false);
          }}
          onClose={() => setStale(false)}
        />
      ) : null}
    </Box>
  );
}

/**
 * Every change is kept as the draft (300 ms after typing stops); one that matches the
 * saved record drops it. (`watch` is stable; the form context object is not, and must not
 * restart this.)
 */
function useDraftAutosave(
  watch: ReturnType<typeof useFormContext>["watch"],
  key: string,
  base: Values,
  setUnsaved: (unsaved: boolean) => void,
) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch((values) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const changed = differs(values as Values, base);
        setUnsaved(changed);
        if (changed)
          localStorage.setItem(
            key,
            JSON.stringify({
              values: writable(values as Values),
              savedAt: Date.now(),
            }),
          );
        else localStorage.removeItem(key);
      }, 300);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [watch, key, base, setUnsaved]);
}

/** Ctrl/Cmd+S saves (through the form, so it is validated first). */
function useSaveShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        (
          document.getElementById("article-form") as HTMLFormElement | null
        )?.requestSubmit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/** The bar above the editor: back, the heading, the save state and the save button. */
function EditorBar({
  isNew,
  unsaved,
  savedOnce,
  saving,
}: {
  isNew: boolean;
  unsaved: boolean;
  savedOnce: boolean;
  saving: boolean;
}) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        flexWrap: "wrap",
        gap: 1,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <MuiButton
        component={Link}
        to="/admin/articleManage"
        startIcon={<ArrowBackIcon />}
        size="small"
      >
        {translate("content.article_edit.back")}
      </MuiButton>
      {/* The page's name is its h1 (the app bar's title, as on every page); whether
        this is a new article or an edit is the heading of the editor below it. */}
      <Title title={translate("app.page_names.articleEdit")} />
      <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 120 }}>
        {translate(
          isNew
            ? "content.article_edit.new_title"
            : "content.article_edit.edit_title",
        )}
      </Typography>
      <Typography
        variant="body2"
        color={unsaved ? "text.primary" : "text.secondary"}
        fontWeight={unsaved ? 600 : undefined}
        role="status"
      >
        {unsaved
          ? translate("content.article_edit.unsaved")
          : savedOnce
            ? translate("content.article_edit.saved")
            : ""}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: "none", sm: "inline" } }}
      >
        {translate("content.article_edit.shortcut")}
      </Typography>
      <MuiButton
        type="submit"
        variant="contained"
        startIcon={<SaveIcon />}
        disabled={saving}
      >
        {translate(
          saving ? "content.article_edit.saving" : "content.article_edit.save",
        )}
      </MuiButton>
    </Box>
  );
}

/** The side panel: who and what the article is, its workflow, and its revisions. */
function ArticleMetadata({
  current,
  onRestored,
}: {
  current: Article | null;
  onRestored(record: Record<string, unknown>): void;
}) {
  const translate = useTranslate();
  return (
    <Paper
      component="aside"
      square
      variant="outlined"
      aria-label={translate("content.article_edit.metadata")}
      sx={{
        width: { xs: "100%", md: 360 },
        flexShrink: 0,
        overflow: { md: "auto" },
        p: 2,
        borderTop: 0,
        borderBottom: 0,
        borderRight: 0,
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate("content.article_edit.metadata")}
      </Typography>
      <SuggestInput source="author" apiPath="articles" />
      <SuggestInput source="category" apiPath="articles" />
      <TextInput source="summary" multiline minRows={3} fullWidth />
      <TextInput source="sourceUrl" type="url" fullWidth />
      <MediaInput source="coverFileId" kind="image" />
      <WorkflowInputs required={form.required} />
      {current ? (
        <RevisionsPanel
          apiPath="articles"
          fieldsPrefix={`resources.${RESOURCE}.fields`}
          current={current}
          fields={COMPARED}
          htmlFields={["body"]}
          onRestored={onRestored}
        />
      ) : null}
    </Paper>
  );
}

/** Says the form holds a draft kept in this browser, and offers to drop it. */
function DraftRestoredNotice({ onDiscard }: { onDiscard(): void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      sx={{ mx: 2, mt: 1 }}
      action={
        <MuiButton color="inherit" size="small" onClick={onDiscard}>
          {translate("content.article_edit.discard_draft")}
        </MuiButton>
      }
    >
      {translate("content.article_edit.draft_restored")}
    </Alert>
  );
}

/** The article itself: its title and body, in the page's main column. */
function ArticleText() {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{ flex: 1, minWidth: 0, overflow: { md: "auto" }, px: 2, py: 1 }}
    >
      <TextInput
        source="title"
        autoFocus
        fullWidth
        isRequired={form.required("title")}
        sx={{ "& input": { fontSize: 22 } }}
      />
      <LazyRichTextInput
        source="body"
        preset="article"
        fullWidth
        label={translate("content.article_edit.body_label")}
      />
    </Box>
  );
}
