import simpleRestProvider from "ra-data-simple-rest";
import type { DataProvider, Identifier } from "ra-core";
import type { ListData } from "../../common/codes";
import { loadingFlag, mainClient, type TjcClient } from "../http";
import { apiResourceFor, writableFieldsFor } from "../resources/registry";
import type { ListHighlights } from "../kit/highlights";

const TOTAL_HEADER = "X-Total-Count";

/**
 * Runs a write with the resource's writable fields (its input schema's keys, loaded with
 * the first write); the overlay is up from the click, not only once the schema is read.
 */
async function withWritableFields<T>(
  resource: string,
  write: (fields: readonly string[]) => Promise<T>,
): Promise<T> {
  const end = loadingFlag.begin();
  try {
    return await write(await writableFieldsFor(resource));
  } finally {
    end();
  }
}

function pick(record: Record<string, unknown>, fields: readonly string[]) {
  const picked: Record<string, unknown> = {};
  for (const field of fields)
    if (field in record) picked[field] = record[field];
  return picked;
}

function isListData(value: unknown): value is ListData<unknown> {
  return (
    value !== null &&
    typeof value === "object" &&
    Array.isArray((value as ListData<unknown>).list) &&
    typeof (value as ListData<unknown>).total === "number"
  );
}

/**
 * ra-data-simple-rest talks to this adapter instead of fetch: every call goes through the
 * /tjc client (token, language, envelope, notices), and the envelope's data is handed back
 * as simple-rest expects it. A `{list, total}` answer becomes the rows plus a total header.
 * Reads do not raise the full-screen overlay (react-admin shows its own progress); writes do.
 */
export function envelopeHttpClient(client: TjcClient) {
  return async (
    url: string,
    options: {
      method?: string;
      body?: BodyInit | null;
      signal?: AbortSignal | null;
    } = {},
  ) => {
    const method = (options.method ?? "GET").toUpperCase() as
      "GET" | "POST" | "PUT" | "DELETE";
    const body =
      typeof options.body === "string" ? JSON.parse(options.body) : undefined;
    const envelope = await client.request(url, {
      method,
      body,
      signal: options.signal ?? undefined,
      loading: method !== "GET",
    });
    const headers = new Headers();
    let json: unknown = envelope.data;
    if (isListData(envelope.data)) {
      json = envelope.data.list;
      headers.set(TOTAL_HEADER, String(envelope.data.total));
    }
    return { status: 200, headers, body: JSON.stringify(json), json };
  };
}

export function createDataProvider(
  client: TjcClient = mainClient,
): DataProvider {
  // Paths are relative to the client's base, so apiUrl is empty here.
  const rest = simpleRestProvider(
    "",
    envelopeHttpClient(client) as never,
    TOTAL_HEADER,
  );
  const path = (resource: string) => apiResourceFor(resource).apiPath;

  return {
    // simple-rest's query (sort, range, filter as JSON), read here so the answer's
    // keyword `highlights` reach the list as its `meta` (useListContext().meta).
    getList: (resource, params) => {
      const apiPath = path(resource); // an unknown resource throws here, at once
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      const { field, order } = params.sort ?? { field: "id", order: "ASC" };
      const query = new URLSearchParams({
        sort: JSON.stringify([field, order]),
        range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
        filter: JSON.stringify(params.filter ?? {}),
      });
      return client
        .request<ListData<never> & { highlights?: ListHighlights }>(
          `/${apiPath}?${query}`,
          {
            method: "GET",
            signal: params.signal ?? undefined,
            loading: false,
          },
        )
        .then(({ data }) => {
          if (!isListData(data))
            throw new Error(
              `${resource}: the list answer has no {list, total}`,
            );
          return {
            data: data.list,
            total: data.total,
            ...(data.highlights
              ? { meta: { highlights: data.highlights } }
              : {}),
          };
        });
    },
    getOne: (resource, params) => rest.getOne(path(resource), params),
    getMany: (resource, params) => rest.getMany(path(resource), params),
    getManyReference: (resource, params) =>
      rest.getManyReference(path(resource), params),
    create: (resource, params) =>
      withWritableFields(resource, (writableFields) =>
        rest.create(path(resource), {
          ...params,
          data: pick(params.data, writableFields),
        }),
      ),
    update: (resource, params) =>
      withWritableFields(resource, (writableFields) => {
        const data = {
          ...pick(params.data, writableFields),
          version:
            (params.data as { version?: number }).version ??
            params.previousData?.version,
        };
        return rest.update(path(resource), { ...params, data });
      }),
    delete: async (resource, params) => {
      await client.delete(
        `/${path(resource)}/${encodeURIComponent(String(params.id))}`,
      );
      return { data: params.previousData ?? ({ id: params.id } as never) };
    },
    // Bulk writes go to the batch endpoint: one request, however many rows are selected.
    deleteMany: async (resource, params) => {
      const { data } = await client.post<{ ids: Identifier[] }>(
        `/${path(resource)}/batch`,
        {
          action: "delete",
          ids: params.ids,
        },
      );
      return { data: data.ids };
    },
    updateMany: async (resource, params) => {
      const writableFields = await writableFieldsFor(resource);
      const { data } = await client.post<{ ids: Identifier[] }>(
        `/${path(resource)}/batch`,
        {
          action: "update",
          ids: params.ids,
          data: pick(params.data, writableFields),
        },
      );
      return { data: data.ids };
    },
  };
}

export const dataProvider = createDataProvider();
