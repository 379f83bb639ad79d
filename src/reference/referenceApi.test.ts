import { describe, expect, it, vi } from "vitest";
import { createReferenceApi, type ListTransport } from "./referenceApi";

function fakeTransport(
  answer: (path: string, params: Record<string, string>) => unknown[],
) {
  const calls: [string, Record<string, string>][] = [];
  const transport = vi.fn(
    async (path: string, params: Record<string, string>) => {
      calls.push([path, params]);
      return answer(path, params);
    },
  ) as unknown as ListTransport;
  return { transport, calls };
}

describe("createReferenceApi", () => {
  it("asks /regions with the query as parameters", async () => {
    const { transport, calls } = fakeTransport(() => [
      { regionCode: "441900" },
    ]);
    const api = createReferenceApi(transport);
    await api.regions({ parentCode: "440000" });
    await api.regions({ level: "1" });
    await api.countries();
    expect(calls).toEqual([
      ["/regions", { parentCode: "440000" }],
      ["/regions", { level: "1" }],
      ["/countries", {}],
    ]);
  });

  it("asks once per distinct query, even while the first call is under way", async () => {
    const { transport, calls } = fakeTransport(() => []);
    const api = createReferenceApi(transport);
    await Promise.all([
      api.regions({ parentCode: "440000" }),
      api.regions({ parentCode: "440000" }),
    ]);
    await api.regions({ parentCode: "440000" });
    await api.countries();
    await api.countries();
    expect(calls).toHaveLength(2);
  });

  it("forgets a failure, so that a retry asks again", async () => {
    let fail = true;
    const { transport, calls } = fakeTransport(() => {
      if (fail) throw new Error("offline");
      return [{ countryCode: "CN" }];
    });
    const api = createReferenceApi(transport);
    await expect(api.countries()).rejects.toThrow("offline");
    fail = false;
    await expect(api.countries()).resolves.toEqual([{ countryCode: "CN" }]);
    expect(calls).toHaveLength(2);
  });
});

describe("mainClientTransport", () => {
  it("GETs the main service and answers the envelope's list", async () => {
    const { mainClientTransport } = await import("./referenceApi");
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            code: 0,
            message: "成功",
            data: { list: [{ regionCode: "441900" }], total: 1 },
          }),
          { status: 200, headers: { "Content-Type": "application/json" } },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    try {
      const rows = await mainClientTransport("/regions", {
        parentCode: "440000",
      });
      expect(rows).toEqual([{ regionCode: "441900" }]);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [
        string,
        RequestInit,
      ];
      expect(url).toBe(
        `${window.location.origin}/tjc/regions?parentCode=440000`,
      );
      expect(init.method).toBe("GET");
      expect(
        (init.headers as Record<string, string>)["Accept-Language"],
      ).toMatch(/^(zh-CN|en-US)$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
