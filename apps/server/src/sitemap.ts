/**
 * What search engines read: /robots.txt and the sitemaps (sitemaps.org
 * protocol), split into files of at most 50,000 URLs listed by a sitemap
 * index at /sitemap.xml.
 */
import { escapeHtml as e } from "./html.ts";

/** The most URLs one sitemap file may list (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

/**
 * robots.txt: everything may be crawled except the machine-readable bulk
 * files; names the sitemap.
 *
 * @example
 * robotsTxt("https://schools.example.org") // "User-agent: *\nDisallow: /bulk/\n...Sitemap: https://schools.example.org/sitemap.xml\n"
 */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nDisallow: /bulk/\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

/**
 * The sitemap index at /sitemap.xml and the files /sitemap-1.xml, ... with
 * `paths` in order, `limit` URLs per file, each with `lastmod`.
 *
 * @example
 * sitemaps("http://localhost:8080", "2026-11-22", ["/", "/zip/90210"]) // Map { "/sitemap.xml" => "...", "/sitemap-1.xml" => "..." }
 */
export function sitemaps(baseUrl: string, lastmod: string, paths: readonly string[], limit = SITEMAP_LIMIT): Map<string, string> {
  const out = new Map<string, string>();
  const files: string[] = [];
  for (let i = 0; i < paths.length; i += limit) {
    const name = `/sitemap-${files.length + 1}.xml`;
    files.push(name);
    const urls = paths
      .slice(i, i + limit)
      .map((p) => `<url><loc>${e(baseUrl + p)}</loc><lastmod>${lastmod}</lastmod></url>`)
      .join("\n");
    out.set(name, `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  }
  const list = files.map((f) => `<sitemap><loc>${e(baseUrl + f)}</loc><lastmod>${lastmod}</lastmod></sitemap>`).join("\n");
  out.set("/sitemap.xml", `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list}\n</sitemapindex>\n`);
  return out;
}
