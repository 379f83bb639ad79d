/** Test harness for the reference inputs: react-admin's context, our messages, a fake API. */
import polyglotI18nProvider from "ra-i18n-polyglot";
import englishMessages from "ra-language-english";
import type { ReactNode } from "react";
import { AdminContext, Form, type TranslationMessages } from "react-admin";
import countryRows from "../../fixtures/countries.json";
import regionRows from "../../fixtures/regions.json";
import type { Country } from "../../common/countries.js";
import { buildRegionIndex, type Region } from "../../common/regions.js";
import { referenceMessages } from "./messages";
import {
  ReferenceApiProvider,
  type ReferenceApi,
  type RegionQuery,
} from "./referenceApi";

export const regionIndex = buildRegionIndex(regionRows as Region[]);
export const countries = countryRows as Country[];

export interface FakeReferenceApi extends ReferenceApi {
  regionCalls: RegionQuery[];
  countryCalls: number;
  failNext: (message: string) => void;
}

/** Answers from the committed fixtures, like the server does, and records each call. */
export function createFakeReferenceApi(): FakeReferenceApi {
  let failure: string | undefined;
  const settle = <T,>(value: T): Promise<T> => {
    if (failure !== undefined) {
      const message = failure;
      failure = undefined;
      return Promise.reject(new Error(message));
    }
    return new Promise((resolve) => setTimeout(() => resolve(value), 5));
  };
  const api: FakeReferenceApi = {
    regionCalls: [],
    countryCalls: 0,
    failNext: (message) => {
      failure = message;
    },
    regions(query) {
      api.regionCalls.push(query);
      if (query.parentCode)
        return settle(regionIndex.children(query.parentCode));
      if (query.level === "1") return settle(regionIndex.provinces());
      return settle(regionIndex.all);
    },
    countries() {
      api.countryCalls += 1;
      return settle(countries);
    },
  };
  return api;
}

function i18nProviderFor(locale: "zh-CN" | "en-US") {
  return polyglotI18nProvider(
    (language) =>
      ({
        ...englishMessages,
        ...referenceMessages[language === "en-US" ? "en-US" : "zh-CN"],
      }) as TranslationMessages,
    locale,
    [
      { locale: "zh-CN", name: "简体中文" },
      { locale: "en-US", name: "English" },
    ],
    { allowMissing: false },
  );
}

export function Harness({
  children,
  api,
  locale = "zh-CN",
  record,
  onSubmit,
}: {
  children: ReactNode;
  api: ReferenceApi;
  locale?: "zh-CN" | "en-US";
  record?: Record<string, unknown>;
  onSubmit?: (values: Record<string, unknown>) => void;
}) {
  return (
    <AdminContext i18nProvider={i18nProviderFor(locale)}>
      <ReferenceApiProvider api={api}>
        <Form
          record={record}
          onSubmit={onSubmit ?? (() => undefined)}
          mode="onChange"
        >
          {children}
          <button type="submit">submit</button>
        </Form>
      </ReferenceApiProvider>
    </AdminContext>
  );
}

/** A harness without a form, for pages that bring their own. */
export function PageHarness({
  children,
  api,
  locale = "zh-CN",
}: {
  children: ReactNode;
  api: ReferenceApi;
  locale?: "zh-CN" | "en-US";
}) {
  return (
    <AdminContext i18nProvider={i18nProviderFor(locale)}>
      <ReferenceApiProvider api={api}>{children}</ReferenceApiProvider>
    </AdminContext>
  );
}
