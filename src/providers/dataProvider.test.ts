import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDataProvider } from "./dataProvider";
import { loadingFlag } from "../http/loading";
import { envelopeResponse, fetchCall, setUpClientTest } from "../http/testing";

const dataProvider = createDataProvider();
const TAGS = "admin/tagManage";
let t: ReturnType<typeof setUpClientTest>;

const tag = (id: number) => ({
  id,
  name: `标签${id}`,
  nameEn: `Tag ${id}`,
  sortOrder: id,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  version: 3,
});

beforeEach(() => {
  t = setUpClientTest();
});
afterEach(() => vi.unstubAllGlobals());

describe("dataProvider over the /tjc envelope", () => {
  it("lists with simple-rest's sort, range and filter and unwraps {list, total}", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({
        code: 0,
        data: { list: [tag(1), tag(2)], total: 42 },
      }),
    );
    const result = await dataProvider.getList(TAGS, {
      pagination: { page: 2, perPage: 25 },
      sort: { field: "name", order: "DESC" },
      filter: { q: "恩" },
    });
    expect(result).toEqual({ data: [tag(1), tag(2)], total: 42 });
    const url = new URL(fetchCall(t.fetchMock).url);
    expect(url.pathname).toBe("/tjc/tags");
    expect(url.searchParams.get("sort")).toBe('["name","DESC"]');
    expect(url.searchParams.get("range")).toBe("[25,49]");
    expect(url.searchParams.get("filter")).toBe('{"q":"恩"}');
    expect(fetchCall(t.fetchMock).headers.has("Range")).toBe(false);
  });

  it("hands a keyword's highlights to the list as its meta", async () => {
    const highlights = {
      "1": { name: [{ text: "标签" }, { text: "1", hit: true as const }] },
    };
    t.fetchMock.mockResolvedValue(
      envelopeResponse({
        code: 0,
        data: { list: [tag(1)], total: 1, highlights },
      }),
    );
    const result = await dataProvider.getList(TAGS, {
      pagination: { page: 1, perPage: 25 },
      sort: { field: "id", order: "ASC" },
      filter: { q: "1" },
    });
    expect(result).toEqual({
      data: [tag(1)],
      total: 1,
      meta: { highlights },
    });
  });

  it("reads do not raise the full-screen overlay", async () => {
    let answer!: (r: Response) => void;
    t.fetchMock.mockReturnValue(new Promise((r) => (answer = r)));
    const pending = dataProvider.getOne(TAGS, { id: 7 });
    expect(loadingFlag.isVisible()).toBe(false);
    answer(envelopeResponse({ code: 0, data: tag(7) }));
    await expect(pending).resolves.toEqual({ data: tag(7) });
    expect(new URL(fetchCall(t.fetchMock).url).pathname).toBe("/tjc/tags/7");
  });

  it("gets many by an id filter", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: { list: [tag(1), tag(3)], total: 2 } }),
    );
    const result = await dataProvider.getMany(TAGS, { ids: [1, 3] });
    expect(result.data.map((r) => r.id)).toEqual([1, 3]);
    expect(new URL(fetchCall(t.fetchMock).url).searchParams.get("filter")).toBe(
      '{"id":[1,3]}',
    );
  });

  it("creates with only the writable fields, raising the overlay", async () => {
    let answer!: (r: Response) => void;
    t.fetchMock.mockReturnValue(new Promise((r) => (answer = r)));
    const pending = dataProvider.create(TAGS, {
      data: {
        name: "祷告",
        nameEn: "Prayer",
        sortOrder: 1,
        id: 99,
        createdAt: "x",
      },
    });
    expect(loadingFlag.isVisible()).toBe(true);
    answer(envelopeResponse({ code: 0, data: tag(5) }));
    await expect(pending).resolves.toEqual({ data: tag(5) });
    const call = fetchCall(t.fetchMock);
    expect(call.method).toBe("POST");
    expect(JSON.parse(String(call.body))).toEqual({
      name: "祷告",
      nameEn: "Prayer",
      sortOrder: 1,
    });
  });

  it("updates with PUT, the writable fields and the version read", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: { ...tag(4), version: 4 } }),
    );
    await dataProvider.update(TAGS, {
      id: 4,
      data: { ...tag(4), name: "新名字" },
      previousData: tag(4),
    });
    const call = fetchCall(t.fetchMock);
    expect(call.method).toBe("PUT");
    expect(new URL(call.url).pathname).toBe("/tjc/tags/4");
    expect(JSON.parse(String(call.body))).toEqual({
      name: "新名字",
      nameEn: "Tag 4",
      sortOrder: 4,
      version: 3,
    });
  });

  it("deletes one record", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: { id: 4 } }),
    );
    const result = await dataProvider.delete(TAGS, {
      id: 4,
      previousData: tag(4),
    });
    expect(result.data).toEqual(tag(4));
    expect(fetchCall(t.fetchMock).method).toBe("DELETE");
  });

  it("bulk deletes in one batch request", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: { ids: [1, 2, 3] } }),
    );
    const result = await dataProvider.deleteMany(TAGS, { ids: [1, 2, 3] });
    expect(result).toEqual({ data: [1, 2, 3] });
    expect(t.fetchMock).toHaveBeenCalledTimes(1);
    const call = fetchCall(t.fetchMock);
    expect(call.method).toBe("POST");
    expect(new URL(call.url).pathname).toBe("/tjc/tags/batch");
    expect(JSON.parse(String(call.body))).toEqual({
      action: "delete",
      ids: [1, 2, 3],
    });
  });

  it("bulk updates in one batch request", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: { ids: [1, 2] } }),
    );
    const result = await dataProvider.updateMany(TAGS, {
      ids: [1, 2],
      data: { sortOrder: 9, id: 1 },
    });
    expect(result).toEqual({ data: [1, 2] });
    expect(t.fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchCall(t.fetchMock).body))).toEqual({
      action: "update",
      ids: [1, 2],
      data: { sortOrder: 9 },
    });
  });

  it("rejects with the server's message (and field errors) on failure", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse(
        {
          code: 40900,
          message: "冲突",
          data: { errors: { version: "stale version" } },
        },
        { status: 409 },
      ),
    );
    await expect(
      dataProvider.update(TAGS, { id: 1, data: tag(1), previousData: tag(1) }),
    ).rejects.toMatchObject({
      message: "冲突",
      body: { errors: { version: "stale version" } },
    });
  });

  it("refuses a resource it does not know", () => {
    expect(() =>
      dataProvider.getList("nope", {
        pagination: { page: 1, perPage: 1 },
        sort: { field: "id", order: "ASC" },
        filter: {},
      }),
    ).toThrow(/unknown resource/);
  });
});
