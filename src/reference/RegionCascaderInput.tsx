import { FormControl, FormHelperText, FormLabel, Stack } from "@mui/material";
import { useMemo } from "react";
import {
  FieldTitle,
  InputHelperText,
  useInput,
  type CommonInputProps,
  type Validator,
} from "react-admin";
import { levelOfCode, type Region } from "../../common/regions.js";
import { useReferenceApi, type ReferenceApi } from "./referenceApi";
import { RegionLevelAutocomplete } from "./RegionLevelAutocomplete";
import { selectionOfCode, useRegionChildren } from "./useReferenceData";

export interface RegionCascaderInputProps extends CommonInputProps {
  /** Refuse a region that still has subdivisions (a province with cities, a city with districts). */
  requireLeaf?: boolean;
}

function leafValidator(api: ReferenceApi): Validator {
  return async (value: unknown) => {
    if (
      typeof value !== "string" ||
      !levelOfCode(value) ||
      levelOfCode(value) === "3"
    ) {
      return undefined;
    }
    const children = await api.regions({ parentCode: value });
    return children.length > 0
      ? "reference.region.validation.chooseDeeper"
      : undefined;
  };
}

/**
 * A region as province → city → district. It stores the most precise code chosen: a
 * district's, or a city's when the city has no districts (441900 东莞市), or a province's
 * when it has no cities (810000 香港特别行政区). Each level loads when the one above is chosen.
 */
export function RegionCascaderInput(props: RegionCascaderInputProps) {
  const {
    requireLeaf,
    label,
    helperText,
    validate,
    source,
    resource,
    disabled,
    readOnly,
    fullWidth = true,
    ...rest
  } = props;
  const api = useReferenceApi();
  const validators = useMemo(() => {
    const given =
      validate === undefined
        ? []
        : Array.isArray(validate)
          ? validate
          : [validate];
    return requireLeaf ? [...given, leafValidator(api)] : given;
  }, [validate, requireLeaf, api]);

  const { id, field, fieldState, formState, isRequired } = useInput({
    ...rest,
    source,
    resource,
    disabled,
    readOnly,
    validate: validators,
    parse: (value: string | null) => value || null,
  });

  const { province, city, district } = selectionOfCode(field.value);
  const provinces = useRegionChildren(null);
  const cities = useRegionChildren(province ?? undefined);
  const districts = useRegionChildren(city ?? undefined);
  const showError =
    fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const choose = (region: Region | null, fallback: string | null) =>
    field.onChange(region?.regionCode ?? fallback);

  return (
    <FormControl
      component="fieldset"
      fullWidth={fullWidth}
      error={showError}
      margin="dense"
      data-testid={`region-cascader-${source}`}
      data-value={typeof field.value === "string" ? field.value : ""}
    >
      <FormLabel component="legend" sx={{ mb: 1 }}>
        <FieldTitle
          label={label}
          source={source}
          resource={resource}
          isRequired={isRequired}
        />
      </FormLabel>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <RegionLevelAutocomplete
          id={`${id}-province`}
          labelKey="reference.region.province"
          options={provinces}
          value={province}
          onChange={(region) => choose(region, null)}
          onBlur={field.onBlur}
          disabled={disabled}
          readOnly={readOnly}
          error={showError}
          inputRef={field.ref}
        />
        <RegionLevelAutocomplete
          id={`${id}-city`}
          labelKey="reference.region.city"
          options={province ? cities : undefined}
          value={city}
          onChange={(region) => choose(region, province)}
          onBlur={field.onBlur}
          disabled={disabled}
          readOnly={readOnly}
          error={showError}
        />
        <RegionLevelAutocomplete
          id={`${id}-district`}
          labelKey="reference.region.district"
          options={city ? districts : undefined}
          value={district}
          onChange={(region) => choose(region, city)}
          onBlur={field.onBlur}
          disabled={disabled}
          readOnly={readOnly}
          error={showError}
        />
      </Stack>
      {showError || helperText ? (
        <FormHelperText>
          <InputHelperText
            error={showError ? fieldState.error?.message : undefined}
            helperText={helperText}
          />
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

export default RegionCascaderInput;
