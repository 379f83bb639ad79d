import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import TextField from "@mui/material/TextField";
import {
  FieldTitle,
  useInput,
  useResourceContext,
  useTranslate,
  type InputProps,
} from "react-admin";
import { MAX_REFERENCE_LENGTH } from "../../common/passages";
import { passageRangesQuery } from "./PassageField";

type Verdict = { message: string; args?: Record<string, unknown> } | undefined;

/**
 * A list's passage filter. React-admin's filter form applies what is typed as it goes,
 * and the server refuses a reference half typed (`约翰福音 3:`) with an error. What is
 * typed is checked with the server's parser (GET /tjc/passages/ranges; answers are kept,
 * so a reference is asked once) and written into the filter form only once it reads as
 * a passage, or is cleared; until then the field says so, and the list keeps its last
 * filter. (A validator on the form's own value would not do: the form applies its values
 * after a 500 ms debounce with the validity it last knew, and on a slow answer that was
 * the previous, valid reference's.)
 */
export function PassageFilterInput(props: InputProps) {
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const { field, id } = useInput(props);
  const applied = typeof field.value === "string" ? field.value : "";
  const [text, setText] = useState(applied);
  const [verdict, setVerdict] = useState<Verdict>(undefined);
  const lastApplied = useRef(applied);
  const latest = useRef(0);

  // The filter changed from outside (a passage link, "remove all filters"): show it.
  useEffect(() => {
    if (applied === lastApplied.current) return;
    lastApplied.current = applied;
    latest.current += 1;
    setText(applied);
    setVerdict(undefined);
  }, [applied]);

  const judge = async (value: string): Promise<Verdict> => {
    const reference = value.trim();
    if (reference === "") return undefined;
    if (reference.length > MAX_REFERENCE_LENGTH)
      return {
        message: "ra.validation.maxLength",
        args: { max: MAX_REFERENCE_LENGTH },
      };
    try {
      const ranges = await queryClient.fetchQuery(
        passageRangesQuery([reference]),
      );
      if ((ranges[reference] ?? []).length > 0) return undefined;
    } catch {
      // The server could not be asked: the hint stands, the list keeps its filter.
    }
    return { message: "app.passage.not_yet" };
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setText(value);
    const asked = (latest.current += 1);
    const answer = await judge(value);
    // A later keystroke has been judged, or is being: this answer is stale.
    if (asked !== latest.current) return;
    setVerdict(answer);
    if (answer) return;
    lastApplied.current = value.trim() === "" ? "" : value;
    field.onChange(lastApplied.current);
  };

  return (
    <TextField
      id={id}
      name={field.name}
      value={text}
      onChange={onChange}
      onBlur={field.onBlur}
      size="small"
      variant="filled"
      margin="dense"
      label={
        <FieldTitle
          label={props.label}
          source={props.source}
          resource={resource}
        />
      }
      error={Boolean(verdict)}
      // The filter form hides helper texts; this one's message is the point of the input
      // (shown only then, so the field lines up with the others otherwise).
      sx={{ "&& .MuiFormHelperText-root.Mui-error": { display: "block" } }}
      helperText={
        verdict ? translate(verdict.message, verdict.args) : undefined
      }
    />
  );
}
