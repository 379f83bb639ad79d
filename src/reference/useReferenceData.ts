import { useCallback, useEffect, useState } from "react";
import type { Country } from "../../common/countries.js";
import {
  isPlaceholderRegion,
  levelOfCode,
  REGION_PATH_SEPARATOR,
  type Region,
} from "../../common/regions.js";
import { useReferenceApi } from "./referenceApi";

/** The province, city and district codes a stored code implies ("441900" → 440000, 441900). */
export function selectionOfCode(code: unknown): {
  province: string | null;
  city: string | null;
  district: string | null;
} {
  const level = typeof code === "string" ? levelOfCode(code) : undefined;
  if (typeof code !== "string" || level === undefined) {
    return { province: null, city: null, district: null };
  }
  return {
    province: `${code.slice(0, 2)}0000`,
    city: level === "1" ? null : `${code.slice(0, 4)}00`,
    district: level === "3" ? code : null,
  };
}

export interface Loadable<T> {
  data: T | undefined;
  loading: boolean;
  error: Error | undefined;
  retry: () => void;
}

function useLoad<T>(
  load: (() => Promise<T>) | undefined,
  key: string,
): Loadable<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: Error }>({
    key,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (data) => live && setState({ key, data }),
      (error: unknown) =>
        live &&
        setState({
          key,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      live = false;
    };
    // `load` changes identity each render; the key says when it means something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading:
      load !== undefined &&
      (!current || (state.data === undefined && !state.error)),
    retry: useCallback(() => {
      setState({ key });
      setAttempt((n) => n + 1);
    }, [key]),
  };
}

/** The provinces for `null`, the direct children of a code otherwise; nothing for `undefined`. */
export function useRegionChildren(
  parentCode: string | null | undefined,
): Loadable<readonly Region[]> {
  const api = useReferenceApi();
  const load =
    parentCode === undefined
      ? undefined
      : parentCode === null
        ? () => api.regions({ level: "1" })
        : () => api.regions({ parentCode });
  return useLoad(load, `regions:${parentCode}`);
}

export function useCountries(): Loadable<readonly Country[]> {
  const api = useReferenceApi();
  return useLoad(() => api.countries(), "countries");
}

/**
 * The full name of a stored code ("广东省 / 东莞市"), built from the same lazily loaded
 * levels the cascader uses (so it costs at most three small cached requests).
 */
export function useRegionFullName(
  code: string | null | undefined,
): string | undefined {
  const { province, city, district } = selectionOfCode(code);
  const provinces = useRegionChildren(province ? null : undefined);
  const cities = useRegionChildren(city ? province : undefined);
  const districts = useRegionChildren(district ? city : undefined);
  const chain: (Region | undefined)[] = [
    provinces.data?.find((r) => r.regionCode === province),
    city ? cities.data?.find((r) => r.regionCode === city) : undefined,
    district
      ? districts.data?.find((r) => r.regionCode === district)
      : undefined,
  ];
  const wanted = [province, city, district].filter(Boolean).length;
  const found = chain.filter((r): r is Region => r !== undefined);
  if (!code || found.length !== wanted) return undefined;
  return found
    .filter(
      (region) => region.regionCode === code || !isPlaceholderRegion(region),
    )
    .map((region) => region.regionName)
    .join(REGION_PATH_SEPARATOR);
}
