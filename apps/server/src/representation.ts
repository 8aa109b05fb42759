/**
 * A prepared response body: its bytes, content type, extra headers, strong
 * ETags and coded variants. Everything a request needs is computed once; a
 * request picks a variant and writes it.
 */
import { compress, SMALL_EFFORT, type Coding, type Effort } from "./compress.ts";
import type { Choice } from "./negotiate.ts";

/**
 * Coded bytes: in memory, or a Blob (a slice of the binary's precompressed
 * file, sent by Bun straight from the executable's pages without a copy).
 */
export type CodedBody = Uint8Array<ArrayBuffer> | Blob;

/** One coding of a representation, ready to write. */
interface Variant {
  coding: Choice;
  /** Bytes of the body. */
  size: number;
  etag: string;
  /**
   * Every header of the 200 response (and of HEAD), Content-Length included;
   * an object rather than pairs: ~10x smaller kept per cached body, and as
   * fast for Bun to send.
   */
  headers: Record<string, string>;
  /**
   * What a response sends: the bytes, or a Blob of them (for a body of
   * BLOB_MIN or more, which Bun then sends without copying the bytes per
   * request: bench/FINDINGS.md P4), or the precompressed Blob.
   */
  payload: Uint8Array<ArrayBuffer> | Blob;
}

/**
 * A large body kept compressed (the bulk records, state bodies, CSVs, index,
 * docs) is decompressed when its identity is asked for, and kept this long
 * after it was last sent: one download does not cost a decompression (~50 ms
 * for the 23 MB bulk body) per request, and an idle server holds none.
 */
const LAZY_KEEP_MS = 60_000;

/** Bodies from this size are sent from a Blob made once (smaller ones are cheap to copy, and a Blob would double their memory). */
const BLOB_MIN = 16 << 10;

/** Cache-Control of successful responses and 404s (rule 15). */
export const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * Cache-Control of a location page given a device's position ("Use my location" adds its accuracy,
 * `&acc=`): the browser may keep it, a shared cache (a CDN, a proxy) may not, so a person's home is
 * not stored where others' requests are answered (pages audit 37 #6, 40 #7).
 */
export const DEVICE_CACHE_CONTROL = "private, max-age=86400";

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
 * The headers of a 304 for a variant with this ETag: those of its 200 that
 * RFC 9110 §15.4.5 asks for (ETag, Cache-Control, Vary: the 200's own, ops audit 33 #5), Last-Modified, and CORS.
 *
 * @example
 * new Response(null, { status: 304, headers: notModifiedHeaders('"cbe5b4c9bd9c08b7"', site.lastModified) })
 */
export function notModifiedHeaders(etag: string, lastModified: string, cacheControl = CACHE_CONTROL, exposeHeaders = "ETag", vary = "Accept-Encoding"): Record<string, string> {
  return {
    ETag: etag,
    "Last-Modified": lastModified,
    "Cache-Control": cacheControl,
    Vary: vary,
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": exposeHeaders,
  };
}

/**
 * A body kept out of memory until asked for: `load` makes its bytes
 * (each time; the caller drops them), `etag` is its identity ETag when known
 * without loading (made by the build for the same bytes, or from the ETags of
 * what the bytes are made of). `small`: at most IDENTITY_MAX bytes, so always
 * sent uncoded, as a small body made at once is.
 */
export interface LazyBody {
  load: () => Uint8Array<ArrayBuffer>;
  etag?: string;
  small?: true;
}

/** No extra headers (shared, so that a body without any holds no array of its own). */
const NO_HEADERS: [string, string][] = [];

/**
 * A body with its content type and headers. Coded variants come from `coded`
 * (made ahead of time) or are made on first use with SMALL_EFFORT.
 *
 * @example
 * const rep = new Representation("{}", "application/json; charset=utf-8", "Sun, 22 Nov 2026 00:00:00 GMT");
 * rep.variant("br").headers // { "Content-Type": ..., "Content-Length": ..., ETag: ..., ..., "Content-Encoding": "br" }
 */
export class Representation {
  readonly #body: Uint8Array<ArrayBuffer> | undefined;
  readonly #load: (() => Uint8Array<ArrayBuffer>) | undefined;
  readonly etag: string;
  // The variants made so far, as fields (a Map each would weigh more than a small body).
  #identity: Variant | undefined;
  #br: Variant | undefined;
  #gzip: Variant | undefined;
  #coded: Partial<Record<Coding, { body: CodedBody; tag: string }>> | undefined;
  /** When the identity variant of a lazy body was last sent (it is dropped LAZY_KEEP_MS after). */
  #identityUsed = 0;
  /**
   * Sent uncoded to every client: small (IDENTITY_MAX) and not negotiated on
   * anything else (no Vary of its own). Such a body can be a native route.
   */
  readonly identityOnly: boolean;

  constructor(
    body: string | Uint8Array<ArrayBuffer> | LazyBody,
    readonly type: string,
    readonly lastModified: string,
    readonly extraHeaders: [string, string][] = NO_HEADERS,
    coded?: Partial<Record<Coding, { body: CodedBody; tag: string }>>,
    /** The identity ETag when made already (entityTag of these bytes, made when the snapshot was built or read). */
    knownEtag?: string,
  ) {
    this.#coded = coded;
    // A body that varies on more than Accept-Encoding is never identity-only.
    const varies = extraHeaders.some(([name]) => name.toLowerCase() === "vary");
    if (typeof body === "string" || body instanceof Uint8Array) {
      this.#body = typeof body === "string" ? encoder.encode(body) : body;
      this.etag = knownEtag ?? entityTag(this.#body);
      this.identityOnly = this.#body.length <= IDENTITY_MAX && !varies;
    } else {
      this.#load = body.load;
      this.etag = body.etag ?? entityTag(body.load());
      this.identityOnly = body.small === true && !varies;
    }
  }

  /** Its Cache-Control: CACHE_CONTROL unless its extra headers say otherwise (/healthz: no-store). */
  get cacheControl(): string {
    return this.extraHeaders.find(([name]) => name === "Cache-Control")?.[1] ?? CACHE_CONTROL;
  }

  /** What the body varies on: "Accept-Encoding" unless its extra headers say more (a page negotiated on Accept too), for its 304 as for its 200. */
  get vary(): string {
    return this.extraHeaders.find(([name]) => name === "Vary")?.[1] ?? "Accept-Encoding";
  }

  /** The headers a browser may read: "ETag" unless its extra headers say more (a download: its file name and Link). */
  get exposeHeaders(): string {
    return this.extraHeaders.find(([name]) => name === "Access-Control-Expose-Headers")?.[1] ?? "ETag";
  }

  /** Bytes held in memory by the identity body (0 for a lazy one). */
  get size(): number {
    return this.#body?.length ?? 0;
  }

  /** The identity bytes (of a lazy body: made now, not kept). */
  get body(): Uint8Array<ArrayBuffer> {
    return this.#body ?? this.#load!();
  }

  /** The ETag of a coding, known without compressing. */
  etagFor(coding: Choice): string {
    if (coding === "identity") return this.etag;
    const tag = this.#coded?.[coding]?.tag ?? `${coding === "br" ? "br" : "gz"}${coding === "br" ? SMALL_EFFORT.br : SMALL_EFFORT.gzip}`;
    return `${this.etag.slice(0, -1)}-${tag}"`;
  }

  /** Whether a coded variant was made ahead of time (large bodies must be). */
  hasPrepared(coding: Coding): boolean {
    return this.#coded?.[coding] !== undefined;
  }

  /** Compresses a coding now with `effort`, tagging it so its ETag says how. */
  prepare(coding: Coding, effort: Effort): void {
    if (this.#coded?.[coding]) return;
    const tag = coding === "br" ? `br${effort.br}` : `gz${effort.gzip}`;
    (this.#coded ??= {})[coding] = { body: compress(this.body, coding, effort), tag };
  }

  /**
   * While set, coded variants are being made off the main thread; a request
   * waits for this instead of compressing (set by compressLarge).
   */
  pending: Promise<void> | undefined;

  /** Uses bytes compressed elsewhere (at build time, or by compressMany) whose settings `tag` names. */
  adopt(coding: Coding, body: CodedBody, tag: string): void {
    (this.#coded ??= {})[coding] = { body, tag };
    if (coding === "br") this.#br = undefined;
    else this.#gzip = undefined;
  }

  /**
   * The variant of a coding, made on first use and kept. (For an identityOnly
   * body the server asks only for "identity"; the export asks for all three.)
   */
  variant(coding: Choice): Variant {
    const made = coding === "identity" ? this.#identity : coding === "br" ? this.#br : this.#gzip;
    if (made) {
      if (coding === "identity" && this.#load) this.#identityUsed = performance.now();
      return made;
    }
    let body: CodedBody;
    if (coding === "identity") body = this.body;
    else {
      if (!this.#coded?.[coding]) this.prepare(coding, SMALL_EFFORT);
      body = this.#coded![coding]!.body;
    }
    const etag = this.etagFor(coding);
    const size = body instanceof Blob ? body.size : body.length;
    // The same keys in the same order for every body, so the objects share their shape.
    const headers: Record<string, string> = {
      "Content-Type": this.type,
      "Content-Length": String(size),
      ETag: etag,
      "Last-Modified": this.lastModified,
      "Cache-Control": CACHE_CONTROL,
      Vary: "Accept-Encoding",
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "ETag",
    };
    for (const [name, value] of this.extraHeaders) headers[name] = value;
    if (headers["X-Content-Type-Options"] === undefined) headers["X-Content-Type-Options"] = "nosniff";
    if (coding !== "identity") headers["Content-Encoding"] = coding;
    // Bun 1.4.5 adds `Content-Disposition: filename="<the file's name>"` to a file-backed body of
    // some types (application/xml: the precompressed sitemaps), naming the binary's internal file
    // and making curl -OJ save the sitemap as it: such a body says inline itself.
    if (body instanceof Blob && headers["Content-Disposition"] === undefined && !/^(application\/json|text\/)/.test(this.type)) headers["Content-Disposition"] = "inline";
    // Not kept: the variant of an identityOnly body (tens of thousands are
    // cached: making its headers per request costs far less than the Response
    // does, and keeping them would double what each cached body weighs). A lazy
    // identity body is kept while asked for (see LAZY_KEEP_MS).
    const kept = coding !== "identity" || !this.identityOnly;
    const v: Variant = { coding, size, etag, headers, payload: kept && !(body instanceof Blob) && size >= BLOB_MIN ? new Blob([body]) : body };
    if (kept) {
      if (coding === "identity") {
        this.#identity = v;
        if (this.#load) {
          this.#identityUsed = performance.now();
          this.#dropIdentityLater();
        }
      } else if (coding === "br") this.#br = v;
      else this.#gzip = v;
    }
    return v;
  }

  /** Drops the identity variant of a lazy body once it has not been sent for LAZY_KEEP_MS. */
  #dropIdentityLater(): void {
    const timer = setTimeout(() => {
      if (performance.now() - this.#identityUsed >= LAZY_KEEP_MS) this.#identity = undefined;
      else this.#dropIdentityLater();
    }, LAZY_KEEP_MS);
    timer.unref();
  }

  /** The coded bytes if they exist already (for export and tests). */
  codedBody(coding: Coding): CodedBody | undefined {
    return this.#coded?.[coding]?.body;
  }
}

