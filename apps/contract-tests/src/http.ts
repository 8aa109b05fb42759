// A raw HTTP/1.1 client over a TCP socket. `fetch` cannot be used for a contract checker:
// it normalises paths (`..`, `%2e`), adds its own Accept-Encoding, decompresses bodies and
// drops bodies of HEAD/204/304 responses, hiding exactly the faults this app looks for.
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export interface RawRequest {
  method: string;
  /** Request target exactly as sent: path, already percent-encoded, optionally with a query. */
  path: string;
  headers: [string, string][];
  body?: string;
}

export interface RawResponse {
  status: number;
  reason: string;
  /** Lower-case header name -> values in order. */
  headers: Map<string, string[]>;
  /** Bytes after the header block, with chunked framing removed. */
  body: Uint8Array;
  /** Bytes after the header block exactly as received (before de-chunking). */
  wire: Uint8Array;
  /** Problems with the framing (bad chunking, body shorter than Content-Length...). */
  framingError?: string;
  ms: number;
}

export function header(res: RawResponse, name: string): string | undefined {
  const v = res.headers.get(name.toLowerCase());
  return v === undefined ? undefined : v.join(", ");
}

export interface Target {
  host: string;
  port: number;
  /** Base URL for curl commands and Host headers (e.g. http://127.0.0.1:8080). */
  base: string;
}

export function parseBase(baseUrl: string): Target {
  const u = new URL(baseUrl);
  if (u.protocol !== "http:") throw new Error(`only http:// base URLs are supported: ${baseUrl}`);
  const base = `${u.protocol}//${u.host}${u.pathname.replace(/\/$/, "")}`;
  return { host: u.hostname.replace(/^\[|\]$/g, ""), port: Number(u.port || 80), base };
}

const NO_BODY_STATUS = (s: number) => (s >= 100 && s < 200) || s === 204 || s === 304;

export function send(target: Target, req: RawRequest, timeoutMs = 15000): Promise<RawResponse> {
  const started = performance.now();
  const basePath = new URL(target.base).pathname.replace(/\/$/, "");
  const lines = [`${req.method} ${basePath}${req.path} HTTP/1.1`, `Host: ${new URL(target.base).host}`];
  const names = new Set(req.headers.map(([k]) => k.toLowerCase()));
  if (!names.has("user-agent")) lines.push("User-Agent: school-districts-contract-tests");
  if (!names.has("accept")) lines.push("Accept: */*");
  for (const [k, v] of req.headers) lines.push(`${k}: ${v}`);
  const body = req.body === undefined ? undefined : Buffer.from(req.body, "utf8");
  if (body) lines.push(`Content-Length: ${body.length}`);
  lines.push("Connection: close", "", "");
  const head = Buffer.from(lines.join("\r\n"), "latin1");

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sock = connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    sock.on("connect", () => {
      sock.write(body ? Buffer.concat([head, body]) : head);
    });
    sock.on("data", (d: Buffer) => chunks.push(d));
    sock.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    sock.on("close", () => {
      clearTimeout(timer);
      try {
        resolve(parseResponse(Buffer.concat(chunks), req.method, performance.now() - started));
      } catch (e) {
        reject(e);
      }
    });
  });
}

function parseResponse(buf: Buffer, method: string, ms = 0): RawResponse {
  const end = buf.indexOf("\r\n\r\n");
  if (end < 0) throw new Error(`incomplete response (${buf.length} bytes, no header terminator)`);
  const [statusLine = "", ...headerLines] = buf.subarray(0, end).toString("latin1").split("\r\n");
  const m = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(statusLine);
  if (!m) throw new Error(`bad status line: ${JSON.stringify(statusLine)}`);
  const status = Number(m[1]);
  const headers = new Map<string, string[]>();
  for (const line of headerLines) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const k = line.slice(0, i).trim().toLowerCase();
    const v = line.slice(i + 1).trim();
    headers.set(k, [...(headers.get(k) ?? []), v]);
  }
  const wire = new Uint8Array(buf.subarray(end + 4));
  let bodyBuf: Uint8Array = wire;
  let framingError: string | undefined;
  const te = headers.get("transfer-encoding")?.join(",").toLowerCase() ?? "";
  const cl = headers.get("content-length")?.[0];
  // HEAD, 1xx, 204 and 304 have no body by definition: anything after the headers is a fault,
  // and it is kept in `body` so the checks can report it.
  if (method !== "HEAD" && !NO_BODY_STATUS(status)) {
    if (te.includes("chunked")) {
      const r = dechunk(Buffer.from(wire));
      bodyBuf = r.body;
      framingError = r.error;
    } else if (cl !== undefined) {
      const n = Number(cl);
      if (!Number.isInteger(n) || n < 0) framingError = `bad Content-Length ${cl}`;
      else if (wire.length < n) framingError = `body has ${wire.length} bytes, Content-Length says ${n}`;
      else if (wire.length > n) framingError = `${wire.length - n} bytes after the Content-Length body`;
      else bodyBuf = wire;
      if (Number.isInteger(n) && wire.length >= n) bodyBuf = wire.subarray(0, n);
    }
  }
  return { status, reason: m[2] ?? "", headers, body: bodyBuf, wire, framingError, ms };
}

function dechunk(buf: Buffer): { body: Uint8Array; error?: string } {
  const out: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const eol = buf.indexOf("\r\n", pos);
    if (eol < 0) return { body: Buffer.concat(out), error: "truncated chunked body" };
    const size = parseInt(buf.subarray(pos, eol).toString("latin1").split(";")[0]!, 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(out), error: "bad chunk size" };
    pos = eol + 2;
    if (size === 0) return { body: Buffer.concat(out) };
    out.push(buf.subarray(pos, pos + size));
    pos += size + 2;
  }
}

/** Decodes a body per Content-Encoding (br, gzip, deflate, identity). */
export function decodeBody(body: Uint8Array, contentEncoding: string | undefined): Buffer {
  let out = Buffer.from(body);
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s !== "identity");
  for (const c of codings.reverse()) {
    if (c === "br") out = brotliDecompressSync(out);
    else if (c === "gzip" || c === "x-gzip") out = gunzipSync(out);
    else if (c === "deflate") out = inflateSync(out);
    else throw new Error(`unknown content coding ${c}`);
  }
  return out;
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that sends the same request. */
export function curl(target: Target, req: RawRequest): string {
  const parts = ["curl", "-sS", "--path-as-is"];
  if (req.method === "HEAD") parts.push("-I");
  else {
    parts.push("-i");
    if (req.method !== "GET") parts.push("-X", req.method);
  }
  for (const [k, v] of req.headers) parts.push("-H", shq(`${k}: ${v}`));
  if (req.body !== undefined) parts.push("--data-raw", shq(req.body));
  parts.push(shq(`${target.base}${req.path}`));
  return parts.join(" ");
}
