/**
 * HTML helpers: escaping, safe JSON inside <script>, and the CSP hash of an
 * inline block.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for HTML content and attribute values.
 *
 * @example
 * escapeHtml('A & B "High"') // "A &amp; B &quot;High&quot;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * JSON for a <script> data block: `<`, `>`, `&` and U+2028/9 escaped so the text
 * can never close the element.
 *
 * @example
 * scriptJson({ name: "</script>" }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The CSP source expression allowing one inline <style> or <script> body.
 *
 * @example
 * cspHash("body{margin:0}") // "'sha256-...'"
 */
export function cspHash(inline: string): string {
  return `'sha256-${new Bun.CryptoHasher("sha256").update(inline).digest("base64")}'`;
}
