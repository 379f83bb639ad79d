import { useTranslate } from "react-admin";

const KEYS = {
  country: {
    noOptions: "reference.country.noOptions",
    loading: "reference.country.loading",
  },
  region: {
    noOptions: "reference.region.noOptions",
    loading: "reference.region.loading",
  },
} as const;

/** The words MUI's Autocomplete shows around a reference picker, in the user's language. */
export function useAutocompleteTexts(kind: keyof typeof KEYS) {
  const translate = useTranslate();
  return {
    noOptionsText: translate(KEYS[kind].noOptions),
    loadingText: translate(KEYS[kind].loading),
    clearText: translate("reference.action.clear"),
    openText: translate("reference.action.open"),
    closeText: translate("reference.action.close"),
  };
}
