import {
  Autocomplete,
  Box,
  CircularProgress,
  TextField,
  Typography,
} from "@mui/material";
import { useMemo } from "react";
import {
  InputHelperText,
  useInput,
  useLocaleState,
  useTranslate,
  useTranslateLabel,
  type CommonInputProps,
} from "react-admin";
import { countryMatches, type Country } from "../../common/countries.js";
import { useCountries } from "./useReferenceData";
import { useAutocompleteTexts } from "./useAutocompleteTexts";

export type CountryInputProps = CommonInputProps;

/** The name to show first in a language, and the one to show beside it. */
export function countryNames(
  country: Country,
  locale: string,
): [string, string] {
  return locale.startsWith("zh")
    ? [country.countryName, country.countryEnName]
    : [country.countryEnName, country.countryName];
}

/**
 * A country or region, searched by its Chinese name, its English name (accents ignored) or
 * its code. It stores the code ("CN"); options are sorted by the name in the UI language.
 */
export function CountryInput(props: CountryInputProps) {
  const {
    label,
    helperText,
    source,
    resource,
    disabled,
    readOnly,
    fullWidth = true,
    ...rest
  } = props;
  const translate = useTranslate();
  const texts = useAutocompleteTexts("country");
  const translateLabel = useTranslateLabel();
  const [locale] = useLocaleState();
  const countries = useCountries();
  const { id, field, fieldState, formState, isRequired } = useInput({
    ...rest,
    source,
    resource,
    disabled,
    readOnly,
    parse: (value: string | null) => value || null,
  });

  const options = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return [...(countries.data ?? [])].sort((a, b) =>
      collator.compare(countryNames(a, locale)[0], countryNames(b, locale)[0]),
    );
  }, [countries.data, locale]);
  const selected =
    options.find((country) => country.countryCode === field.value) ?? null;
  const showError =
    fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const text = translateLabel({ label, source, resource }) as string;

  return (
    <Autocomplete<Country, false, false, false>
      id={id}
      options={options}
      value={selected}
      onChange={(_event, country) =>
        field.onChange(country?.countryCode ?? null)
      }
      onBlur={field.onBlur}
      getOptionLabel={(country) => countryNames(country, locale)[0]}
      getOptionKey={(country) => country.countryCode}
      isOptionEqualToValue={(option, current) =>
        option.countryCode === current.countryCode
      }
      filterOptions={(list, state) =>
        list.filter((country) => countryMatches(country, state.inputValue))
      }
      renderOption={({ key, ...optionProps }, country) => {
        const [primary, secondary] = countryNames(country, locale);
        return (
          <Box component="li" key={key} {...optionProps}>
            <span>{primary}</span>{" "}
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ ml: 1 }}
            >
              {secondary} · {country.countryCode}
            </Typography>
          </Box>
        );
      }}
      loading={countries.loading}
      disabled={disabled}
      readOnly={readOnly}
      fullWidth={fullWidth}
      autoHighlight
      handleHomeEndKeys
      {...texts}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={isRequired ? `${text} *` : text}
          placeholder={translate("reference.country.placeholder")}
          error={showError || Boolean(countries.error)}
          margin="dense"
          helperText={
            countries.error ? (
              translate("reference.country.loadFailed", {
                message: countries.error.message,
              })
            ) : showError || helperText ? (
              <InputHelperText
                error={showError ? fieldState.error?.message : undefined}
                helperText={helperText}
              />
            ) : undefined
          }
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {countries.loading ? (
                    <CircularProgress color="inherit" size={18} />
                  ) : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.inputProps, "data-testid": `${id}-input` },
          }}
        />
      )}
    />
  );
}

export default CountryInput;
