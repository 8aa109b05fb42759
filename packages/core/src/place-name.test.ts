import { describe, expect, it } from "vitest";
import { foldedPlaceName } from "./place-name.ts";

describe("foldedPlaceName", () => {
  it("drops accents, case, dots and apostrophes, and keeps spaces and hyphens", () => {
    expect(foldedPlaceName("Cañon City")).toBe("canon city");
    expect(foldedPlaceName("St. Mary’s-of the Woods")).toBe("st marys-of the woods");
    expect(foldedPlaceName("O'Fallon")).toBe("ofallon");
  });
});
