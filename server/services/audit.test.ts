import { describe, expect, test } from "vitest";
import { diffRecords } from "./audit.js";

describe("diffRecords", () => {
  test("an update keeps only the fields that changed, as [before, after]", () => {
    expect(
      diffRecords(
        { id: 1, name: "甲", roleIds: [1, 2], sortOrder: 0, version: 1 },
        { id: 1, name: "乙", roleIds: [1, 2], sortOrder: 0, version: 2 },
      ),
    ).toEqual({ name: ["甲", "乙"] });
  });

  test("a create has null befores and a delete null afters", () => {
    expect(diffRecords(null, { id: 3, name: "x" })).toEqual({
      id: [null, 3],
      name: [null, "x"],
    });
    expect(diffRecords({ id: 3, name: "x" }, undefined)).toEqual({
      id: [3, null],
      name: ["x", null],
    });
  });

  test("arrays compare by value and an order change counts", () => {
    expect(diffRecords({ roleIds: [1, 2] }, { roleIds: [2] })).toEqual({
      roleIds: [[1, 2], [2]],
    });
  });

  test("secrets and bookkeeping are never recorded", () => {
    const changes = diffRecords(
      { password: "old", passwordHash: "h1", token: "t", updatedAt: "a" },
      {
        password: "new",
        passwordHash: "h2",
        tokenHash: "t2",
        apiSecret: "s",
        updatedAt: "b",
        name: "n",
      },
    );
    expect(changes).toEqual({ name: [null, "n"] });
  });
});
