import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nginxSnippet } from "./export.ts";
import { NGINX_ERROR_FOLDER, NGINX_ERRORS, nginxErrorLocations, nginxErrorPages, problemLocation } from "./nginx-errors.ts";
import { methodDetail, problem, type ProblemKind } from "./problems.ts";

const PROXY_CONF = join(import.meta.dirname, "../../../deploy/nginx-proxy.conf");
/** The host deploy/nginx-proxy.conf's problem types name (its server_name). */
const PROXY_BASE = "https://schools.example.org";

/** The problem body a location of nginx-proxy.conf returns, parsed ($sd_instance as "/x"). */
function proxyBody(proxy: string, selector: string): Record<string, unknown> {
  const block = proxy.slice(proxy.indexOf(`location ${selector} {`));
  return JSON.parse(/return \d+ '([^']*)';/.exec(block)![1]!.replace("$sd_instance", "/x")) as Record<string, unknown>;
}

describe("nginx's own errors as problems", () => {
  it("writes each body as JSON once nginx fills in $sd_instance, and refuses a body with a single quote (nginx's string would end there)", () => {
    const locations = nginxErrorLocations("  ");
    for (const e of NGINX_ERRORS) {
      const block = locations.slice(locations.indexOf(`location = /.sd-error/${e.name} {`));
      // Any body size: a request sent here with its body unread is not checked again (nginx's HTML 413: review of ops 44 L1).
      expect(block.slice(0, block.indexOf("}")), e.name).toContain("\n    client_max_body_size 0;\n");
      const body = /return (\d+) '([^']*)';/.exec(block)!;
      expect(JSON.parse(body[2]!.replace("$sd_instance", "/x")), e.name).toEqual({ type: "about:blank", title: e.title, status: e.status, detail: e.detail, instance: "/x" });
    }
    expect(() => problemLocation("@x", 400, `{"detail":"the service's"}`, "  ")).toThrow(/single quote/);
  });

  it("are in deploy/nginx-proxy.conf as written here, and in every location of the export's nginx.conf with an error_page of its own (which hides the server's)", () => {
    const proxy = readFileSync(PROXY_CONF, "utf8");
    // The proxy's 413 goes to a variable: the problem for GET, HEAD and OPTIONS, the service's 405 for other methods (ops 44 #2).
    expect(proxy).toContain(`  ${nginxErrorPages("  ", { 413: "$sd_body_too_large" })}\n`);
    expect(proxy).toContain(`"~^(?:GET|HEAD|OPTIONS|)$" ${NGINX_ERROR_FOLDER}content-too-large;`);
    expect(proxy).toContain(`  ${nginxErrorLocations("  ", "error_page 404 = @service;")}\n`);
    const exported = nginxSnippet("/srv/public", "default-src 'none'");
    const [server, ...locations] = exported.split("\n  location ");
    expect(server).toContain(`\n  ${nginxErrorPages("  ")}`);
    const withErrorPage = locations.filter((block) => block.includes("\n    error_page "));
    expect(withErrorPage.length).toBeGreaterThan(0);
    for (const block of withErrorPage) expect(block, block.split("\n")[0]).toContain(`\n    ${nginxErrorPages("    ")}\n`);
  });

  it("the proxy's other problems (405, 412, 503) are the block written here, the 405 and 412 the service's problems with its wording", () => {
    const proxy = readFileSync(PROXY_CONF, "utf8");
    const body = (kind: ProblemKind, detail: string) => JSON.stringify(problem(PROXY_BASE, kind, detail, "INSTANCE")).replace("INSTANCE", "$sd_instance");
    // The 405's detail is the service's, for the method nginx fills in: the binary's wording, not a copy of it.
    const methodBody = body("method-not-allowed", methodDetail("METHOD")).replace("METHOD", "$request_method");
    expect(proxy).toContain(problemLocation("@method-not-allowed", 405, methodBody, "  ", { headers: ['add_header Allow "GET, HEAD, OPTIONS" always;'] }));
    // The 412's detail is the proxy's own (nginx cannot tell which header failed): the rest is the service's.
    const precondition = proxyBody(proxy, "@precondition-failed");
    expect(precondition).toEqual(problem(PROXY_BASE, "precondition-failed", String(precondition.detail), "/x"));
    expect(proxy).toContain(problemLocation("@precondition-failed", 412, body("precondition-failed", String(precondition.detail)), "  ", { first: ["keepalive_timeout 0;"] }));
    const down = proxyBody(proxy, "@upstream-down");
    expect(down).toMatchObject({ type: "about:blank", title: "Service Unavailable", status: 503 });
    const downBody = JSON.stringify({ ...down, instance: "INSTANCE" }).replace("INSTANCE", "$sd_instance");
    expect(proxy).toContain(problemLocation("@upstream-down", 503, downBody, "  ", { headers: ['add_header Retry-After "10" always;'] }));
  });
});
