import {
  Autocomplete,
  CircularProgress,
  TextField,
  createFilterOptions,
} from "@mui/material";
import type { Ref } from "react";
import { useTranslate } from "react-admin";
import type { Region } from "../../common/regions.js";
import type { Loadable } from "./useReferenceData";
import { useAutocompleteTexts } from "./useAutocompleteTexts";

const filterRegions = createFilterOptions<Region>({
  stringify: (region) => `${region.regionName} ${region.regionCode}`,
});

export interface RegionLevelAutocompleteProps {
  id: string;
  /** Translation key of the level's label (province, city, district). */
  labelKey: string;
  /** `undefined` while the level above is not chosen. */
  options: Loadable<readonly Region[]> | undefined;
  value: string | null;
  onChange: (region: Region | null) => void;
  onBlur: () => void;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** One level of the cascader: a searchable list, keyboard-usable like any MUI Autocomplete. */
export function RegionLevelAutocomplete(props: RegionLevelAutocompleteProps) {
  const {
    id,
    labelKey,
    options,
    value,
    onChange,
    onBlur,
    disabled,
    readOnly,
    error,
    inputRef,
  } = props;
  const translate = useTranslate();
  const texts = useAutocompleteTexts("region");
  const list = options?.data ?? [];
  const loaded = options?.data !== undefined;
  const empty = loaded && list.length === 0;
  const selected = list.find((region) => region.regionCode === value) ?? null;
  const helperText = options?.error
    ? translate("reference.region.loadFailed", {
        message: options.error.message,
      })
    : empty
      ? translate("reference.region.noChildren")
      : undefined;

  return (
    <Autocomplete<Region, false, false, false>
      id={id}
      options={list as Region[]}
      value={selected}
      onChange={(_event, region) => onChange(region)}
      onBlur={onBlur}
      getOptionLabel={(region) => region.regionName}
      getOptionKey={(region) => region.regionCode}
      isOptionEqualToValue={(option, current) =>
        option.regionCode === current.regionCode
      }
      filterOptions={filterRegions}
      loading={options?.loading ?? false}
      // Opening a level that failed to load asks again.
      onOpen={() => {
        if (options?.error) options.retry();
      }}
      disabled={disabled || options === undefined || empty}
      readOnly={readOnly}
      autoHighlight
      handleHomeEndKeys
      sx={{ flex: 1, minWidth: 160 }}
      {...texts}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={translate(labelKey)}
          error={error || Boolean(options?.error)}
          helperText={helperText}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {options?.loading ? (
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
