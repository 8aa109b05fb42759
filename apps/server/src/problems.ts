/**
 * RFC 9457 problem details (rule 14): 400 for a malformed ZIP or state, 404 for
 * what is not in the dataset or an unknown path, 405 for methods other than
 * GET, HEAD and OPTIONS. Bodies name the request path, so they are rendered per
 * request (they are small and never compressed).
 */
import type { Problem } from "@school-districts/core";

/** The kinds of problem; `type` is `{base_url}/problems/<kind>`. */
export type ProblemKind = "invalid-zip" | "invalid-state" | "zip-not-found" | "state-not-found" | "not-found" | "method-not-allowed";

const TITLES: Record<ProblemKind, [status: 400 | 404 | 405, title: string]> = {
  "invalid-zip": [400, "Invalid ZIP code"],
  "invalid-state": [400, "Invalid state code"],
  "zip-not-found": [404, "ZIP code not found"],
  "state-not-found": [404, "State not found"],
  "not-found": [404, "Not found"],
  "method-not-allowed": [405, "Method not allowed"],
};

/**
 * A problem body of one kind.
 *
 * @example
 * problem("http://localhost:8080", "zip-not-found", "ZIP code 00000 is not in the dataset.", "/zip/00000.json")
 * // { type: "http://localhost:8080/problems/zip-not-found", title: "ZIP code not found", status: 404, ... }
 */
export function problem(baseUrl: string, kind: ProblemKind, detail: string, instance: string): Problem {
  const [status, title] = TITLES[kind];
  return { type: `${baseUrl}/problems/${kind}`, title, status, detail, instance };
}

/** Quotes user input in a detail, shortened so a long path cannot bloat it. */
function quote(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** Detail for a ZIP that is not 5 digits. */
export function invalidZipDetail(zip: string, example: string): string {
  return `${quote(zip)} is not a ZIP code: use exactly 5 digits, for example ${example}.`;
}

/** Detail for a state that is not two uppercase letters; suggests the uppercase form. */
export function invalidStateDetail(state: string, known: boolean): string {
  const upper = state.toUpperCase();
  if (/^[A-Za-z]{2}$/.test(state)) {
    return known
      ? `State codes are uppercase: use /state/${upper}.json instead of /state/${state}.json.`
      : `${quote(state)} is not a state code: use two uppercase letters, one of the 56 states and territories (for example /state/CA.json).`;
  }
  return `${quote(state)} is not a state code: use two uppercase letters, for example /state/CA.json.`;
}

/** Detail for a well-formed ZIP not in the dataset. */
export function zipNotFoundDetail(zip: string): string {
  return `ZIP code ${zip} is not in the dataset. /index.json lists every ZIP code covered.`;
}

/** Detail for a well-formed state code that is not one of the 56. */
export function stateNotFoundDetail(state: string): string {
  return `${state} is not one of the 56 states and territories covered (the 50 states, DC, AS, GU, MP, PR, VI).`;
}

/** Detail for an unknown path. */
export function notFoundDetail(path: string): string {
  return `Nothing at ${quote(path)}. See /docs for the paths this service answers.`;
}

/** Detail for a method other than GET, HEAD and OPTIONS. */
export function methodDetail(method: string): string {
  return `${quote(method).slice(1, -1)} is not supported: this service is read-only. Use GET, HEAD or OPTIONS.`;
}
