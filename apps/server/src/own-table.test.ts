import { describe, expect, it } from "vitest";
import { ownTable } from "./own-table.ts";

describe("ownTable", () => {
  it("has the entries given and no key of Object's prototype", () => {
    const table = ownTable({ palau: "PW" });
    expect(table["palau"]).toBe("PW");
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) expect(table[key], key).toBeUndefined();
    expect(Object.isFrozen(table)).toBe(true);
  });
});
