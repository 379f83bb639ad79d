import { useState, type FormEvent } from "react";
import { failureText, fieldErrors, useSite } from "../context";

/**
 * A public form's submit, hydrated: reads the posted fields, runs `send`, and on a
 * refusal shows the server's message and every error it names at its field. A `send`
 * that answers "leaving" moves the page away, so the button stays busy.
 */
export function useFormSubmit(
  fields: readonly string[],
  send: (value: (name: string) => string) => Promise<"leaving" | void>,
  initialError: string | null = null,
) {
  const { t, language } = useSite();
  const [error, setError] = useState<string | null>(initialError);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      if ((await send(value)) === "leaving") return;
    } catch (failure) {
      setError(failureText(failure, t, language, fields));
      setErrors(fieldErrors(failure));
    }
    setBusy(false);
  };
  return { submit, busy, error, errors };
}
