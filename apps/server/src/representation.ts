/**
 * A prepared response body: its bytes, content type, extra headers, strong
 * ETags and coded variants. Everything a request needs is computed once; a
 * request picks a variant and writes it.
 */
import { compress, SMALL_EFFORT, type Coding, type Effort } from "./compress.ts";
import type { Choice } from "./negotiate.ts";

/** One coding of a representation, ready to write. */
export interface Variant {
  coding: Choice;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Every header of the 200 response (and of HEAD), Content-Length included. */
  headers: [string, string][];
  /** The headers of a 304 for this variant. */
  notModifiedHeaders: [string, string][];
  /**
   * What a response sends: `body`, or for a body over IDENTITY_MAX a Blob of
   * it, which Bun sends without copying the bytes per request (bench/FINDINGS.md P4).
   */
  payload: Uint8Array<ArrayBuffer> | Blob;
}

/** Cache-Control of successful responses and 404s (rule 15). */
export const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * Bodies up to this many bytes are sent uncoded whatever Accept-Encoding says
 * (issue 15; figures in bench/FINDINGS.md P3): their whole response fits in one
 * TCP segment either way, so br saves ~200 bytes but no round trip, and
 * negotiating costs CPU on every request and memory for the coded copies.
 */
export const IDENTITY_MAX = 1024;

/**
 * Strong entity tag of a body: 64-bit wyhash as hex, with the coding's settings
 * appended for a coded variant (each coding has its own tag).
 *
 * @example
 * entityTag(new TextEncoder().encode("{}")) // '"b2a9f0cd5e8f7e27"' (some 16 hex digits)
 */
export function entityTag(body: Uint8Array<ArrayBuffer>, suffix = ""): string {
  return `"${BigInt.asUintN(64, BigInt(Bun.hash(body))).toString(16).padStart(16, "0")}${suffix}"`;
}

const encoder = new TextEncoder();

/**
 * A body with its content type and headers. Coded variants come from `coded`
 * (made ahead of time) or are made on first use with SMALL_EFFORT.
 *
 * @example
 * const rep = new Representation("{}", "application/json; charset=utf-8", { lastModified });
 * rep.variant("br").headers // [["Content-Type", ...], ["Content-Encoding", "br"], ["ETag", ...], ...]
 */
/**
 * A large body kept out of memory until asked for: `load` makes its bytes
 * (each time; the caller drops them), `etag` is its identity ETag when known
 * without loading (made by the build for the same bytes).
 */
export interface LazyBody {
  load: () => Uint8Array<ArrayBuffer>;
  etag?: string;
}

export class Representation {
  readonly #body: Uint8Array<ArrayBuffer> | undefined;
  readonly #load: (() => Uint8Array<ArrayBuffer>) | undefined;
  readonly etag: string;
  readonly #variants = new Map<Choice, Variant>();
  readonly #coded: Partial<Record<Coding, { body: Uint8Array<ArrayBuffer>; tag: string }>>;
  /**
   * Sent uncoded to every client: small (IDENTITY_MAX) and not negotiated on
   * anything else (no Vary of its own). Such a body can be a native route.
   */
  readonly identityOnly: boolean;

  constructor(
    body: string | Uint8Array<ArrayBuffer> | LazyBody,
    readonly type: string,
    readonly lastModified: string,
    readonly extraHeaders: [string, string][] = [],
    coded: Partial<Record<Coding, { body: Uint8Array<ArrayBuffer>; tag: string }>> = {},
  ) {
    this.#coded = coded;
    if (typeof body === "string" || body instanceof Uint8Array) {
      this.#body = typeof body === "string" ? encoder.encode(body) : body;
      this.etag = entityTag(this.#body);
      this.identityOnly = this.#body.length <= IDENTITY_MAX && !extraHeaders.some(([name]) => name.toLowerCase() === "vary");
    } else {
      this.#load = body.load;
      this.etag = body.etag ?? entityTag(body.load());
      this.identityOnly = false;
    }
  }

  /** The identity bytes (of a lazy body: made now, not kept). */
  get body(): Uint8Array<ArrayBuffer> {
    return this.#body ?? this.#load!();
  }

  /** The ETag of a coding, known without compressing. */
  etagFor(coding: Choice): string {
    if (coding === "identity") return this.etag;
    const tag = this.#coded[coding]?.tag ?? `${coding === "br" ? "br" : "gz"}${coding === "br" ? SMALL_EFFORT.br : SMALL_EFFORT.gzip}`;
    return `${this.etag.slice(0, -1)}-${tag}"`;
  }

  /** Whether a coded variant was made ahead of time (large bodies must be). */
  hasPrepared(coding: Coding): boolean {
    return this.#coded[coding] !== undefined;
  }

  /** Compresses a coding now with `effort`, tagging it so its ETag says how. */
  prepare(coding: Coding, effort: Effort): void {
    if (this.#coded[coding]) return;
    const tag = coding === "br" ? `br${effort.br}` : `gz${effort.gzip}`;
    this.#coded[coding] = { body: compress(this.body, coding, effort), tag };
  }

  /**
   * While set, coded variants are being made off the main thread; a request
   * waits for this instead of compressing (set by compressLarge).
   */
  pending: Promise<void> | undefined;

  /** Uses bytes compressed elsewhere (at build time, or by compressMany) whose settings `tag` names. */
  adopt(coding: Coding, body: Uint8Array<ArrayBuffer>, tag: string): void {
    this.#coded[coding] = { body, tag };
    this.#variants.delete(coding);
  }

  /**
   * The variant of a coding, made on first use and kept. (For an identityOnly
   * body the server asks only for "identity"; the export asks for all three.)
   */
  variant(coding: Choice): Variant {
    let v = this.#variants.get(coding);
    if (v) return v;
    let body: Uint8Array<ArrayBuffer>;
    if (coding === "identity") body = this.body;
    else {
      if (!this.#coded[coding]) this.prepare(coding, SMALL_EFFORT);
      body = this.#coded[coding]!.body;
    }
    const etag = this.etagFor(coding);
    const shared: [string, string][] = [
      ["ETag", etag],
      ["Last-Modified", this.lastModified],
      ["Cache-Control", CACHE_CONTROL],
      ["Vary", "Accept-Encoding"],
      ["Access-Control-Allow-Origin", "*"],
      ["Access-Control-Expose-Headers", "ETag"],
    ];
    const headers: [string, string][] = [["Content-Type", this.type], ["Content-Length", String(body.length)], ...shared, ...this.extraHeaders];
    if (!this.extraHeaders.some(([name]) => name === "X-Content-Type-Options")) headers.push(["X-Content-Type-Options", "nosniff"]);
    if (coding !== "identity") headers.push(["Content-Encoding", coding]);
    const kept = coding !== "identity" || this.#body !== undefined; // a lazy identity body is not kept
    v = { coding, body, etag, headers, notModifiedHeaders: shared, payload: kept && body.length > IDENTITY_MAX ? new Blob([body]) : body };
    if (kept) this.#variants.set(coding, v);
    return v;
  }

  /** The coded bytes if they exist already (for export and tests). */
  codedBody(coding: Coding): Uint8Array<ArrayBuffer> | undefined {
    return this.#coded[coding]?.body;
  }
}

