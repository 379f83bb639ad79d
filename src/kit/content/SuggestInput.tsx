import { useEffect, useState } from "react";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useResourceContext,
  useTranslate,
  type InputProps,
} from "react-admin";
import { mainClient } from "../../http";

/**
 * A free-text input that suggests the values already used in the same field
 * (`GET /<apiPath>/suggestions`), so "张弟兄" is picked rather than spelt anew. Any text
 * may still be typed.
 */
export function SuggestInput({
  apiPath,
  isRequired,
  ...props
}: InputProps & { apiPath: string }) {
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const { field, fieldState, id } = useInput(props);
  const [options, setOptions] = useState<string[]>([]);
  const typed = (field.value as string | null | undefined) ?? "";

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      mainClient
        .get<{ list: string[] }>(
          `/${apiPath}/suggestions`,
          { field: props.source, q: typed.slice(0, 100) },
          { signal: controller.signal, quiet: true, loading: false },
        )
        .then((answer) => setOptions(answer.data.list))
        .catch(() => setOptions([]));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [apiPath, props.source, typed]);

  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      freeSolo
      options={options}
      filterOptions={(list) => list}
      inputValue={typed}
      onInputChange={(_event, value) => field.onChange(value)}
      onChange={(_event, value) => field.onChange(value ?? "")}
      noOptionsText={translate("content.suggestions_none")}
      sx={{ width: "100%", maxWidth: 480 }}
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          name={field.name}
          onBlur={field.onBlur}
          size="small"
          margin="dense"
          label={
            <FieldTitle
              label={props.label}
              source={props.source}
              resource={resource}
              isRequired={isRequired}
            />
          }
          error={Boolean(error)}
          helperText={
            <InputHelperText helperText={props.helperText} error={error} />
          }
        />
      )}
    />
  );
}
