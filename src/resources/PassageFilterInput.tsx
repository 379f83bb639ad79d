import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { TextInput, type TextInputProps } from "react-admin";
import { MAX_REFERENCE_LENGTH } from "../../common/passages";
import { passageRangesQuery } from "./PassageField";

/**
 * A list's passage filter. React-admin's filter form applies what is typed as it goes,
 * and the server refuses a reference half typed (`约翰福音 3:`) with an error, so each
 * keystroke of a reference showed one. This checks what is typed with the server's
 * parser (GET /tjc/passages/ranges; answers are kept, so a reference is asked once) and
 * the form applies it only once it reads as a passage; until then the field says so,
 * and the list keeps its last filter.
 */
export function PassageFilterInput(props: Omit<TextInputProps, "validate">) {
  const queryClient = useQueryClient();
  // Kept across renders: react-admin re-registers an input whose validator changes.
  const validate = useCallback(
    async (value: unknown) => {
      const reference = typeof value === "string" ? value.trim() : "";
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
      return "app.passage.not_yet";
    },
    [queryClient],
  );
  return (
    <TextInput
      {...props}
      validate={validate}
      // The filter form hides helper texts; this one's error is the point of the input
      // (shown only then, so the field lines up with the others otherwise).
      sx={{ "&& .MuiFormHelperText-root.Mui-error": { display: "block" } }}
    />
  );
}
