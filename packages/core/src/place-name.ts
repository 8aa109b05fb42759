/**
 * A place name folded for comparing: no accents, no case, no dots or apostrophes ("Cañon",
 * "St. Mary's" -> "canon", "st marys"). County names (the pipeline) and town names typed into
 * the ZIP box (the server) build their keys on it.
 *
 * @example
 * foldedPlaceName("Cañon City") // "canon city"
 * foldedPlaceName("O'Fallon") // "ofallon"
 */
export function foldedPlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[.'’]/g, "");
}
