import { describe, expect, it } from "vitest";
import { robotsTxt, sitemaps } from "./sitemap.ts";

const paths = (n: number) => Array.from({ length: n }, (_, i) => `/zip/${String(i).padStart(5, "0")}`);
/** The <loc>s of a sitemap file or index, in order. */
const locs = (xml: string | undefined) => [...(xml ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemaps", () => {
  it("split into files of at most the limit, the last one holding the rest", () => {
    const maps = sitemaps("https://x.org", "2026-11-22", paths(5), 2);
    expect([...maps.keys()]).toEqual(["/sitemap-1.xml", "/sitemap-2.xml", "/sitemap-3.xml", "/sitemap.xml"]);
    expect(locs(maps.get("/sitemap-3.xml"))).toEqual(["https://x.org/zip/00004"]);
    expect(locs(maps.get("/sitemap.xml"))).toEqual(["https://x.org/sitemap-1.xml", "https://x.org/sitemap-2.xml", "https://x.org/sitemap-3.xml"]);
  });

  it("an exact multiple of the limit fills every file: no empty <urlset> file, none listed", () => {
    const maps = sitemaps("https://x.org", "2026-11-22", paths(4), 2);
    expect([...maps.keys()]).toEqual(["/sitemap-1.xml", "/sitemap-2.xml", "/sitemap.xml"]);
    expect(locs(maps.get("/sitemap-1.xml"))).toEqual(["https://x.org/zip/00000", "https://x.org/zip/00001"]);
    expect(locs(maps.get("/sitemap-2.xml"))).toEqual(["https://x.org/zip/00002", "https://x.org/zip/00003"]);
    expect(locs(maps.get("/sitemap.xml"))).toEqual(["https://x.org/sitemap-1.xml", "https://x.org/sitemap-2.xml"]);
    // One file when all fit.
    expect([...sitemaps("https://x.org", "2026-11-22", paths(2), 2).keys()]).toEqual(["/sitemap-1.xml", "/sitemap.xml"]);
  });

  it("each URL and file has the lastmod; the base URL is escaped", () => {
    const maps = sitemaps("https://x.org/a&b", "2026-11-22", ["/"], 2);
    expect(maps.get("/sitemap-1.xml")).toContain("<url><loc>https://x.org/a&amp;b/</loc><lastmod>2026-11-22</lastmod></url>");
    expect(maps.get("/sitemap.xml")).toContain("<sitemap><loc>https://x.org/a&amp;b/sitemap-1.xml</loc><lastmod>2026-11-22</lastmod></sitemap>");
  });
});

describe("robotsTxt", () => {
  it("lets everything but the bulk files be crawled and names the sitemap index", () => {
    expect(robotsTxt("https://x.org")).toBe("User-agent: *\nDisallow: /bulk/\nAllow: /\n\nSitemap: https://x.org/sitemap.xml\n");
  });
});
