/**
 * The location form of the home and location pages: latitude and longitude fields that
 * work without JavaScript (GET /location?lat=&lon=), and a "Use my location" button that
 * the inline script shows only where the browser has the Geolocation API (progressive
 * enhancement). Its stylesheet and script are allowed by their hashes in the pages' CSP.
 */
import { escapeHtml as e } from "./html.ts";
import { LINK_MAX_LENGTH } from "./place-input.ts";

/** Styles of the form and of the maps (a second inline stylesheet, allowed by its hash). */
export const GEO_CSS = `fieldset{border:1px solid var(--field);border-radius:4px;margin:1rem 0;padding:.5rem 1rem;min-width:0}
.coords{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end}.coords>div{min-width:0;max-width:100%}.coords input{width:14rem;max-width:100%}
figure{margin:1rem 0}.map{display:block;width:100%;max-width:100%;height:auto;border:1px solid var(--line);margin:.5rem 0}
#here{margin:.5rem 0;background:var(--bg);color:var(--link)}.coords label{display:block;font-weight:600}`;

/** The script of the "Use my location" button: no libraries, nothing sent anywhere but this service. */
export const GEO_SCRIPT = `(function(){var b=document.getElementById("here"),s=document.getElementById("here-status");if(!b||!navigator.geolocation)return;b.hidden=false;b.addEventListener("click",function(){s.textContent="Finding your location\\u2026";navigator.geolocation.getCurrentPosition(function(p){var a=p.coords.accuracy;location.href="/location?lat="+p.coords.latitude.toFixed(4)+"&lon="+p.coords.longitude.toFixed(4)+(isFinite(a)&&a>=0?"&acc="+Math.round(a):"")},function(err){s.textContent=(err.code===1?"This site may not use your location (your browser or phone says no).":"Your location could not be found just now.")+" Look up your home's ZIP code instead, or type a latitude and longitude."},{enableHighAccuracy:true,timeout:20000,maximumAge:60000})})})();`;

/**
 * The form, with the values typed (if any). "Use my location" first (shown where the browser
 * can find it), then the coordinates, folded away on the home page (`folded`: few parents have
 * them; the ZIP box and the states come first) and open on the location pages. The boxes take
 * text (a decimal keypad has no minus key on an iPhone, and every US longitude is negative),
 * their examples are hints that stay while typing (not placeholders), and Longitude may stay
 * empty for a "lat, lon" pair pasted into Latitude (place-input.ts reads both). No `required`:
 * the server's page says what is missing, where a browser's bubble would not. With `error`, the
 * box it is about shows it above itself and is marked invalid and described by it.
 *
 * @example
 * locationForm("45.7833", "-108.5007") // '<form action="/location" …'
 */
export function locationForm(lat = "", lon = "", folded = false, error?: { field: "lat" | "lon"; message: string }): string {
  // A box the page's error is about carries it, as the ZIP box does (the GOV.UK error message pattern).
  const box = (field: "lat" | "lon", label: string, hint: string, value: string) => {
    const wrong = error?.field === field;
    const message = wrong ? `<p class="error" id="${field}-error"><span class="vh">Error: </span>${e(error.message)}</p>` : "";
    return `<div><label for="${field}">${label} <span class="hint" id="${field}-hint">${hint}</span></label>${message}<input id="${field}" name="${field}" maxlength="${LINK_MAX_LENGTH}" autocomplete="off" aria-describedby="${field}-hint${wrong ? ` ${field}-error` : ""}"${wrong ? ' aria-invalid="true"' : ""} value="${e(value)}"></div>`;
  };
  return `<form action="/location" method="get"><fieldset><legend>Find the districts of a place</legend>
<button type="button" id="here" hidden>Use my location</button> <span id="here-status" role="status"></span>
<details${folded ? "" : " open"}><summary>Type a latitude and longitude</summary>
<div class="coords">${box("lat", "Latitude", "such as 45.7833", lat)}
${box("lon", "Longitude", "such as -108.5007 (west is negative)", lon)}
<div><button type="submit">Find districts</button></div></div>
</details>
</fieldset></form><script>${GEO_SCRIPT}</script>`;
}
