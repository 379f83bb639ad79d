/**
 * How the reference inputs reach `/tjc/regions` and `/tjc/countries`. Everything goes
 * through one small `ReferenceApi` over the admin's main-service client (tests pass a fake
 * through `ReferenceApiProvider`). Answers are cached for the page's life: the lists only
 * change with a release.
 */
import {
  createContext,
  createElement,
  useContext,
  type ReactNode,
} from "react";
import type { ListData } from "../../common/codes.js";
import type { Country } from "../../common/countries.js";
import type { Region, RegionLevel } from "../../common/regions.js";
import { mainClient } from "../http";

export interface RegionQuery {
  /** Only the direct children of this code. */
  parentCode?: string;
  level?: RegionLevel;
}

export interface ReferenceApi {
  regions(query: RegionQuery): Promise<readonly Region[]>;
  countries(): Promise<readonly Country[]>;
}

/** Fetches one /tjc list and answers its rows; rejects on any failure. */
export type ListTransport = <T>(
  path: string,
  params: Record<string, string>,
) => Promise<T[]>;

/**
 * The admin's main-service client: token, Accept-Language, notices and 20107 handling
 * as every call. The inputs show their own spinners, so the full-screen overlay stays off.
 */
export const mainClientTransport: ListTransport = async <T>(
  path: string,
  params: Record<string, string>,
) => {
  const envelope = await mainClient.get<ListData<T>>(path, params, {
    loading: false,
  });
  return envelope.data.list;
};

/** Caches each answer by key; a failed call is forgotten so that a retry asks again. */
function cached<T>(
  cache: Map<string, Promise<T>>,
  key: string,
  load: () => Promise<T>,
) {
  const hit = cache.get(key);
  if (hit) return hit;
  const pending = load();
  cache.set(key, pending);
  pending.catch(() => cache.delete(key));
  return pending;
}

export function createReferenceApi(
  transport: ListTransport = mainClientTransport,
): ReferenceApi {
  const regionCache = new Map<string, Promise<readonly Region[]>>();
  const countryCache = new Map<string, Promise<readonly Country[]>>();
  return {
    regions(query) {
      const params: Record<string, string> = {};
      if (query.parentCode) params.parentCode = query.parentCode;
      if (query.level) params.level = query.level;
      const key = new URLSearchParams(params).toString();
      return cached(regionCache, key, () =>
        transport<Region>("/regions", params),
      );
    },
    countries() {
      return cached(countryCache, "all", () =>
        transport<Country>("/countries", {}),
      );
    },
  };
}

const defaultReferenceApi = createReferenceApi();

const ReferenceApiContext = createContext<ReferenceApi>(defaultReferenceApi);

export function ReferenceApiProvider({
  api,
  children,
}: {
  api: ReferenceApi;
  children: ReactNode;
}) {
  return createElement(ReferenceApiContext.Provider, { value: api }, children);
}

export function useReferenceApi(): ReferenceApi {
  return useContext(ReferenceApiContext);
}
