import { describe, expect, it } from "vitest";
import { peopleToSuccessors, type GrfPiece } from "../src/successors.ts";

// Montpelier, 05602: the 2016 polygon of Montpelier (5005700, gone from the 2021 crosswalk)
// holds most people; the crosswalk has Montpelier-Roxbury (5000406, no 2016 polygon).
const polygons = new Map([["5005700", "unified"], ["5099932", "unified"], ["5099942", "unified"], ["5000001", "elementary"]] as const);
const level = (leaid: string) => polygons.get(leaid as never);
const pieces = new Map<string, GrfPiece[]>([
  ["05602", [{ grfLeaid: "5000406", leaid: "5000406", land: 10 }, { grfLeaid: "5099932", leaid: "5099932", land: 65 }, { grfLeaid: "5099942", leaid: "5099942", land: 12 }]],
  ["05601", [{ grfLeaid: "5099932", leaid: "5099932", land: 5 }]],
]);

describe("peopleToSuccessors", () => {
  it("gives the people of a gone district's polygon to the crosswalk's district without a polygon, same level; keeps the rest", () => {
    const placed = new Map([["05602", new Map([["5005700", 7000], ["5099932", 3000], ["5099942", 100], ["5000001", 50]])]]);
    const { people, zctas } = peopleToSuccessors(placed, pieces, level, () => "unified");
    expect(people.get("05602")).toEqual(new Map([["5099932", 3000], ["5099942", 100], ["5000001", 50], ["5000406", 7000]]));
    expect(zctas).toEqual(["05602"]);
    // The input is not changed.
    expect(placed.get("05602")!.get("5005700")).toBe(7000);
  });

  it("changes nothing where no piece lacks a polygon, or the levels differ, or the polygon's district is still in the crosswalk", () => {
    const placed = new Map([["05601", new Map([["5005700", 500], ["5099932", 900]])], ["05602", new Map([["5005700", 7000]])]]);
    expect(peopleToSuccessors(placed, pieces, level, () => "elementary").zctas).toEqual([]);
    const still = new Map([...pieces, ["05601", [{ grfLeaid: "5005700", leaid: "5005700", land: 1 }]]]);
    const { people, zctas } = peopleToSuccessors(placed, still, level, () => "unified");
    expect(zctas).toEqual([]);
    expect(people.get("05602")).toEqual(new Map([["5005700", 7000]]));
  });

  it("splits by land among several successors of the level", () => {
    const two = new Map<string, GrfPiece[]>([["11111", [{ grfLeaid: "A", leaid: "A", land: 3 }, { grfLeaid: "B", leaid: "B", land: 1 }]]]);
    const { people } = peopleToSuccessors(new Map([["11111", new Map([["5005700", 400]])]]), two, level, () => "unified");
    expect(people.get("11111")).toEqual(new Map([["A", 300], ["B", 100]]));
  });
});
