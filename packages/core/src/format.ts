/**
 * Field formatters of decisions.md rule 4. Each turns one source value into the
 * string a DistrictRecord carries; a value the source does not give becomes "".
 */

const countFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0, useGrouping: true });

/**
 * Formats a count with comma thousands separators; null gives "".
 *
 * @example
 * formatCount(12345) // "12,345"
 * formatCount(null)  // ""
 */
export function formatCount(value: number | null): string {
  if (value === null) return "";
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`a count must be a non-negative integer, got ${value}`);
  }
  return countFormat.format(value);
}

/**
 * Formats per-pupil spending in whole dollars as "$12,345/yr", with " (est.)" for
 * a value the pipeline derived rather than took as published; null gives "".
 *
 * @example
 * formatPerPupil(17486)       // "$17,486/yr"
 * formatPerPupil(9000, true)  // "$9,000/yr (est.)"
 */
export function formatPerPupil(dollars: number | null, estimated = false): string {
  if (dollars === null) return "";
  return `$${formatCount(Math.round(dollars))}/yr${estimated ? " (est.)" : ""}`;
}

const GRADE_NAMES: Readonly<Record<string, string>> = {
  PK: "Pre-Kindergarten",
  KG: "Kindergarten",
  "13": "13th",
  UG: "Ungraded",
  AE: "Adult Education",
};

/**
 * A grade's ordinal as the NCES grade names write it.
 *
 * @example
 * ordinal(3) // "3rd"
 * ordinal(13) // "13th"
 */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/**
 * Names a CCD grade code (PK, KG, 01-13, UG, AE); any other code (CCD's "N" not
 * applicable, "M" missing, blank) gives "".
 *
 * @example
 * gradeName("KG") // "Kindergarten"
 * gradeName("03") // "3rd"
 * gradeName("N")  // ""
 */
export function gradeName(code: string): string {
  const trimmed = code.trim().toUpperCase();
  const named = GRADE_NAMES[trimmed];
  if (named !== undefined) return named;
  if (/^[0-9]{1,2}$/.test(trimmed)) {
    const n = Number(trimmed);
    if (n >= 1 && n <= 12) return ordinal(n);
  }
  return "";
}

/**
 * Formats a grade span "<first> – <last>" (en dash, one space each side); a single
 * grade is just its name; an unknown end gives "".
 *
 * @example
 * formatGradeSpan("KG", "12") // "Kindergarten – 12th"
 * formatGradeSpan("09", "09") // "9th"
 * formatGradeSpan("N", "N")   // ""
 */
export function formatGradeSpan(lowest: string, highest: string): string {
  const first = gradeName(lowest);
  const last = gradeName(highest);
  if (first === "" || last === "") return "";
  return first === last ? first : `${first} \u2013 ${last}`;
}

/**
 * Formats a phone number: ten digits (or eleven with a leading 1) become
 * "(310) 551-5100"; anything else is returned trimmed, as given.
 *
 * @example
 * formatPhone("(334)215-3860") // "(334) 215-3860"
 * formatPhone("  684-633-5237 ext 2 ") // "684-633-5237 ext 2"
 */
export function formatPhone(raw: string): string {
  const trimmed = raw.trim();
  if (/[a-z]/i.test(trimmed)) return trimmed;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return trimmed;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A website as a district typed it, its slips undone: CCD writes "http://" before what was
 * typed, so a scheme typed wrong is left in it ("http://http:/eaglesnest.dsc.k12.ar.us",
 * "http://https:cantonschools.net", "http://htt://www.ebs.k12.mo.us"), and so are stray "#",
 * dots at either end of the host and a doubled dot ("http://#www.jnpsd.org/#",
 * "http://.dardanelle.k12.ar.us", "http://www.egsd.org.", "www.hiawatha426..org"): answers audit
 * 33 #7, 10 districts had no website shown. The scheme typed is kept where it is one.
 *
 * @example
 * repairedWebsite("http://http:/westwashingtonschools.org") // "http://westwashingtonschools.org"
 * repairedWebsite("http://https:cantonschools.net") // "https://cantonschools.net"
 * repairedWebsite("http://#www.jnpsd.org/#") // "http://www.jnpsd.org/"
 */
export function repairedWebsite(value: string): string {
  // [scheme CCD wrote][schemes typed wrong][stray #][host][path]
  const m = /^(?:(https?):\/\/)?((?:(?:https?|htt)(?::\/*|\/+))*)#*([^/#]*)(\/[^#]*)?#*$/i.exec(value);
  if (m === null) return value;
  const [, written, typed, host, path = ""] = m as unknown as [string, string | undefined, string, string, string | undefined];
  if (typed === "" && !value.includes("#") && !/^\.|\.$|\.\./.test(host)) return value;
  const cleanHost = host.replace(/\.{2,}/g, ".").replace(/^\.+|\.+$/g, "");
  const scheme = /^https/i.test(typed) ? "https" : (written ?? "http").toLowerCase();
  return cleanHost === "" ? "" : `${scheme}://${cleanHost}${path}`;
}

/**
 * Makes a district website an absolute URL: a value without a scheme gets
 * "http://". A value that is not a web address (spaces, no dotted host, such as a
 * street address typed into the field) gives "".
 *
 * @example
 * formatWebsite("www.lausd.net")         // "http://www.lausd.net"
 * formatWebsite("https://www.bhusd.org") // "https://www.bhusd.org"
 * formatWebsite("605 Bel Air Bvd")       // ""
 * formatWebsite("http://AWICKER@CDWILDCATS.COM") // "http://cdwildcats.com"
 */
export function formatWebsite(raw: string): string {
  const trimmed = repairedWebsite(raw.trim());
  if (trimmed === "") return "";
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return "";
  }
  if (/\s/.test(trimmed) || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) return "";
  // An e-mail address typed as the site ("http://tyrone@tyronebobcats.org"): the host it names, without
  // the user part, which a browser takes for a login and warns of (data audit 38 #4).
  if (url.username !== "" || url.password !== "") {
    // But a mail provider's host is nobody's website ("http://ceeschool@gmail.com"): none.
    if (/^(www\.)?(gmail|googlemail|yahoo|hotmail|outlook|live|msn|aol|icloud|me|mail|comcast|att|verizon|sbcglobal|bellsouth)\.(com|net)$/i.test(url.hostname)) return "";
    return withScheme.replace(/^(https?:\/\/)[^/]*@([^/]*)/i, (_, scheme: string, host: string) => `${scheme}${host.toLowerCase()}`);
  }
  return withScheme;
}
