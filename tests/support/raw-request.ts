/**
 * A client that speaks raw bytes over TCP: what a browser or fetch would never send (malformed
 * request lines, oversized headers), to see what a server answers.
 */
import { connect } from "node:net";

/**
 * How long a client waits for an answer before calling it a hang. Generous: on a busy 2-core
 * machine (load average 20 measured) a health check after a burst took over 10 s. Guards
 * against hangs only; no test asserts a duration.
 */
export const HANG_MS = 60_000;

export interface RawAnswer {
  /** Status of the first response, if one arrived. */
  status: number | undefined;
  /** Everything received (latin1). */
  text: string;
  /** Headers of the first response, names lowercased. */
  headers: Record<string, string>;
  /** Body of the first response (latin1), as received. */
  body: string;
  /** The server closed the connection (rather than our timeout ending it). */
  closedByServer: boolean;
  /** Our timeout ended the wait: nothing more came and the socket stayed open. */
  timedOut: boolean;
}

/**
 * Sends `data` over a fresh TCP connection and collects what comes back until the
 * server closes, a full response (by Content-Length) has arrived, or `timeoutMs` passes.
 *
 * @example
 * const answer = await rawRequest(port, "GARBAGE\r\n\r\n"); // answer.status 400, answer.headers["content-type"] …
 */
export function rawRequest(port: number, data: string | Buffer | (string | Buffer)[], timeoutMs = HANG_MS): Promise<RawAnswer> {
  return new Promise((res) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const sock = connect({ port, host: "127.0.0.1" });
    const finish = (closedByServer: boolean, timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const end = text.indexOf("\r\n\r\n");
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, end < 0 ? text.length : end).split("\r\n").slice(1)) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = end < 0 ? "" : text.slice(end + 4);
      if (headers["content-length"] !== undefined) body = body.slice(0, Number(headers["content-length"]));
      res({ status: m ? Number(m[1]) : undefined, text, headers, body, closedByServer, timedOut });
    };
    const timer = setTimeout(() => finish(false, true), timeoutMs);
    sock.on("connect", () => {
      for (const d of Array.isArray(data) ? data : [data]) sock.write(d);
    });
    sock.on("data", (d: Buffer) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end >= 0) {
        const len = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end));
        const noBody = /^HTTP\/1\.[01] (1\d\d|204|304)/.test(text) || /^HEAD /.test(String(Array.isArray(data) ? data[0] : data));
        if (noBody || (len && text.length - end - 4 >= Number(len[1]))) finish(false, false);
      }
    });
    sock.on("end", () => finish(true, false));
    sock.on("close", () => finish(true, false));
    sock.on("error", () => finish(true, false));
  });
}
