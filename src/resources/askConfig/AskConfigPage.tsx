import { useEffect, useState } from "react";
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import { Title, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../../http";
import {
  askConfigSchema,
  type AskConfig,
} from "../../../common/schemas/ask-moderation";
import { failureMessage, useLoad } from "../askShared/shared";

type Loaded = AskConfig & { version: number };
const NUMBER_FIELDS = [
  ["preModerationPosts", 1, 1000],
  ["dailyQuestions", 0, 100000],
  ["dailyAnswers", 0, 100000],
  ["minAccountAgeHours", 0, 8760],
  ["anonymousMinAccountDays", 0, 3650],
] as const;

/** askConfig (issue 15): the community settings, validated by the server's own schema. */
export function AskConfigPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, reload } = useLoad<Loaded>("ask/admin/config");
  const [form, setForm] = useState<Loaded | null>(null);
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (data) {
      setForm(data);
      setNumbers(
        Object.fromEntries(
          NUMBER_FIELDS.map(([field]) => [field, String(data[field])]),
        ),
      );
    }
  }, [data]);
  if (!form) return <Title title={translate("app.page_names.askConfig")} />;

  const save = async () => {
    const candidate = {
      ...form,
      ...Object.fromEntries(
        NUMBER_FIELDS.map(([field]) => [
          field,
          numbers[field]!.trim() === "" ? NaN : Number(numbers[field]),
        ]),
      ),
    };
    const parsed = askConfigSchema.safeParse(candidate);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join(".");
        const range = NUMBER_FIELDS.find(([name]) => name === issue.path[0]);
        found[field] = range
          ? translate("moderation.error.range", {
              min: range[1],
              max: range[2],
            })
          : issue.path[0] === "bannedWords" && issue.path[2] === "word"
            ? translate(
                issue.code === "too_big"
                  ? "moderation.error.too_long"
                  : "moderation.error.required",
                { max: 64 },
              )
            : translate("moderation.error.required");
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await mainClient.put("ask/admin/config", {
        ...parsed.data,
        version: form.version,
      });
      setFailure(null);
      notify("moderation.config.saved", { type: "success" });
      await reload();
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <Title title={translate("app.page_names.askConfig")} />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap={2}>
          <TextField
            select
            label={translate("moderation.config.preModeration")}
            value={form.preModeration}
            onChange={(event) =>
              setForm({
                ...form,
                preModeration: event.target.value as AskConfig["preModeration"],
              })
            }
          >
            {(["off", "newMembers", "all"] as const).map((mode) => (
              <MenuItem key={mode} value={mode}>
                {translate(`moderation.config.${mode}`)}
              </MenuItem>
            ))}
          </TextField>
          {NUMBER_FIELDS.map(([field]) => (
            <TextField
              key={field}
              type="number"
              name={field}
              label={translate(`moderation.config.${field}`)}
              value={numbers[field] ?? ""}
              onChange={(event) =>
                setNumbers({ ...numbers, [field]: event.target.value })
              }
              error={Boolean(errors[field])}
              helperText={errors[field] ?? " "}
            />
          ))}
          <FormControlLabel
            control={
              <Switch
                checked={form.signUpOpen}
                onChange={(event) =>
                  setForm({ ...form, signUpOpen: event.target.checked })
                }
              />
            }
            label={translate("moderation.config.signUpOpen")}
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.anonymousPosting}
                onChange={(event) =>
                  setForm({ ...form, anonymousPosting: event.target.checked })
                }
              />
            }
            label={translate("moderation.config.anonymousPosting")}
          />
          <BannedWordsEditor
            words={form.bannedWords}
            errors={errors}
            onChange={(bannedWords) => setForm({ ...form, bannedWords })}
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Button type="submit" variant="contained">
            {translate("moderation.action.save")}
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}

type BannedWord = AskConfig["bannedWords"][number];

/** The banned words: each word with what it does (block or send to review). */
function BannedWordsEditor({
  words,
  errors,
  onChange,
}: {
  words: BannedWord[];
  errors: Record<string, string>;
  onChange(words: BannedWord[]): void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate("moderation.config.bannedWords")}
      </Typography>
      {words.map((entry, index) => (
        <Stack key={index} direction="row" gap={1} alignItems="flex-start">
          <TextField
            size="small"
            label={translate("moderation.config.word")}
            value={entry.word}
            onChange={(event) =>
              onChange(
                words.map((word, i) =>
                  i === index ? { ...word, word: event.target.value } : word,
                ),
              )
            }
            error={Boolean(errors[`bannedWords.${index}.word`])}
            helperText={errors[`bannedWords.${index}.word`] ?? " "}
          />
          <TextField
            select
            size="small"
            label={translate("moderation.field.resolution")}
            value={entry.action}
            onChange={(event) =>
              onChange(
                words.map((word, i) =>
                  i === index
                    ? {
                        ...word,
                        action: event.target.value as "block" | "review",
                      }
                    : word,
                ),
              )
            }
          >
            <MenuItem value="block">
              {translate("moderation.config.block")}
            </MenuItem>
            <MenuItem value="review">
              {translate("moderation.config.review")}
            </MenuItem>
          </TextField>
          <IconButton
            aria-label={`${translate("moderation.config.remove_word")} ${entry.word}`}
            onClick={() => onChange(words.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        onClick={() => onChange([...words, { word: "", action: "block" }])}
      >
        {translate("moderation.config.add_word")}
      </Button>
    </>
  );
}
