import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nginxSnippet } from "./export.ts";
import { NGINX_ERRORS, nginxErrorLocations, nginxErrorPages } from "./nginx-errors.ts";

const PROXY_CONF = join(import.meta.dirname, "../../../deploy/nginx-proxy.conf");

describe("nginx's own errors as problems", () => {
  it("sends each to a location answering problem+json with CORS, never cached, with nginx's JSON valid once $sd_instance is filled in", () => {
    const locations = nginxErrorLocations("  ");
    for (const e of NGINX_ERRORS) {
      expect(nginxErrorPages("  ")).toContain(`error_page ${e.nginx} = /.sd-error/${e.name};`);
      const block = locations.slice(locations.indexOf(`location = /.sd-error/${e.name} {`));
      const body = /return (\d+) '([^']*)';/.exec(block)!;
      expect(Number(body[1]), e.name).toBe(e.status);
      expect(JSON.parse(body[2]!.replace("$sd_instance", "/x")), e.name).toEqual({ type: "about:blank", title: e.title, status: e.status, detail: e.detail, instance: "/x" });
    }
    expect(locations).toContain('add_header Access-Control-Allow-Origin "*" always;');
    expect(locations).toContain('add_header Cache-Control "no-store" always;');
    expect(locations).toContain("default_type application/problem+json;");
  });

  it("are in deploy/nginx-proxy.conf and the export's nginx.conf as written here (one text for both)", () => {
    const proxy = readFileSync(PROXY_CONF, "utf8");
    expect(proxy).toContain(`  ${nginxErrorPages("  ")}\n`);
    expect(proxy).toContain(`  ${nginxErrorLocations("  ", "error_page 404 = @service;")}\n`);
    const exported = nginxSnippet("/srv/public", "default-src 'none'");
    expect(exported).toContain(`  ${nginxErrorPages("  ")}\n`);
    expect(exported).toContain(`  ${nginxErrorLocations("  ")}\n`);
    // Again in each location with an error_page of its own, which hides the server's.
    expect(exported.split(nginxErrorPages("    ")).length - 1).toBe(4);
  });
});
