import { SelectInput, type SelectInputProps } from "react-admin";

/**
 * The choices of a coded field: each code labelled by the message `${prefix}.${code}`.
 * Without `translate` the name is the message key (react-admin translates it); with it
 * the name is already in the interface's language.
 */
export function codeChoices(
  codes: readonly string[],
  prefix: string,
  translate?: (key: string) => string,
) {
  return codes.map((id) => {
    const key = `${prefix}.${id}`;
    return { id, name: translate ? translate(key) : key };
  });
}

/** A list filter that picks one of a fixed set of codes (`codeChoices`). */
export function codeFilter(
  source: string,
  codes: readonly string[],
  prefix: string,
  props: Omit<SelectInputProps, "source" | "choices"> = {},
) {
  return (
    <SelectInput
      key={source}
      source={source}
      choices={codeChoices(codes, prefix)}
      {...props}
    />
  );
}
