import { describe, expect, it } from "vitest";
import { defaultBaseUrlWarning, parseArgs, UsageError, workersWarning } from "./config.ts";

describe("parseArgs", () => {
  it("has the defaults of rule 19", () => {
    expect(parseArgs([], {})).toEqual({ kind: "serve", port: 8080, host: "127.0.0.1", baseUrl: undefined, data: undefined, quiet: false, workers: 1 });
  });
  it("reads PORT, HOST and BASE_URL", () => {
    expect(parseArgs([], { PORT: "9000", HOST: "0.0.0.0", BASE_URL: "https://x.example.org/" })).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      baseUrl: "https://x.example.org",
    });
  });
  it("lets flags win over the environment, in both spellings", () => {
    expect(parseArgs(["--port", "1234", "--host=::1", "--base-url", "http://a.example/api", "--data", "d", "--quiet"], { PORT: "9000" })).toEqual({
      kind: "serve",
      port: 1234,
      host: "::1",
      baseUrl: "http://a.example/api",
      data: "d",
      quiet: true,
      workers: 1,
    });
  });
  it("reads --workers", () => {
    expect(parseArgs(["--workers", "2"], {})).toMatchObject({ kind: "serve", workers: 2 });
    expect(parseArgs(["--workers=4"], {})).toMatchObject({ workers: 4 });
  });
  it("treats environment variables set to an empty value as unset", () => {
    expect(parseArgs([], { PORT: "", HOST: " ", BASE_URL: "" })).toEqual({ kind: "serve", port: 8080, host: "127.0.0.1", baseUrl: undefined, data: undefined, quiet: false, workers: 1 });
  });
  it("parses lookup of a ZIP code or a district, with --json", () => {
    expect(parseArgs(["lookup", "90210"], {})).toEqual({ kind: "lookup", query: { zip: "90210" }, json: false, baseUrl: "http://localhost:8080", data: undefined });
    expect(parseArgs(["lookup", "--district", "0604830", "--json", "--data", "d"], {})).toEqual({
      kind: "lookup", query: { leaid: "0604830" }, json: true, baseUrl: "http://localhost:8080", data: "d",
    });
  });
  it("refuses lookup without a ZIP code or district, a ZIP code and a district, and --json or --district without lookup", () => {
    for (const argv of [["lookup"], ["lookup", "90210", "--district", "0604830"], ["--json"], ["--district", "0604830"]]) {
      expect(() => parseArgs(argv, {}), argv.join(" ")).toThrow(UsageError);
    }
  });
  it("quotes the base URL as given when it is refused", () => {
    expect(() => parseArgs([], { BASE_URL: "/" })).toThrow('base URL "/" must be');
  });
  it.each(["http://x.org/it's", "https://example.org/a$b", "http://x.org/a;b", "http://x.org/{a}", "http://user:pw@x.org", "http://x.org:99999", "http://x.org/%zz", "ftp://x.org", "http://x.org?a=1", "http://a b.org", "https://example.org/a&b", "https://schüle.example.org/a b", "https://schüle.example.org/{a}"])(
    "refuses base URL %j (an apostrophe breaks nginx.conf; credentials must not be in URLs; an invalid port or escape makes every URL invalid)",
    (url) => expect(() => parseArgs(["--base-url", url], {})).toThrow(UsageError),
  );
  it.each(["https://schools.example.org", "http://127.0.0.1:8080", "https://x.example.org/api", "http://[::1]:8080", "https://x.org/a%20b"])("accepts base URL %j", (url) =>
    expect(parseArgs(["--base-url", url], {})).toMatchObject({ baseUrl: url }),
  );
  it("writes a host or path in other letters than ASCII as URLs carry them (ops audit 40 #3: every page_url failed format: uri)", () => {
    expect(parseArgs(["--base-url", "https://schüle.example.org"], {})).toMatchObject({ baseUrl: "https://xn--schle-mva.example.org" });
    expect(parseArgs(["--base-url", "https://x.example.org/schüle"], {})).toMatchObject({ baseUrl: "https://x.example.org/sch%C3%BCle" });
  });
  it("writes a scheme and host given in capitals in lower case, the path as given (ops audit 35 #9)", () => {
    expect(parseArgs(["--base-url", "HTTP://Example.ORG/Schools"], {})).toMatchObject({ baseUrl: "http://example.org/Schools" });
    expect(() => parseArgs(["--base-url", "http://x.org#top"], {})).toThrow("without user name, query, fragment");
  });
  it("reads an IPv6 host given in brackets, as URLs write it, as the address (ops audit 40 #3)", () => {
    expect(parseArgs(["--host", "[::1]"], {})).toMatchObject({ host: "::1" });
    expect(parseArgs([], { HOST: "[::]" })).toMatchObject({ host: "::" });
  });
  it("accepts port 0", () => {
    expect(parseArgs(["--port", "0"], {})).toMatchObject({ port: 0 });
  });
  it("parses export", () => {
    expect(parseArgs(["export", "out", "--base-url", "https://s.example"], {})).toEqual({
      kind: "export",
      dir: "out",
      baseUrl: "https://s.example",
      data: undefined,
      quiet: false,
    });
    expect(parseArgs(["export", "out"], {})).toMatchObject({ baseUrl: "http://localhost:8080" });
  });
  it("takes what follows -- as positional, and refuses an option given twice", () => {
    expect(parseArgs(["lookup", "--", "90210"], {})).toMatchObject({ kind: "lookup", query: { zip: "90210" } });
    // After --, "--json" is the ZIP code asked for (lookup then says it is not 5 digits), not the flag.
    expect(parseArgs(["lookup", "--", "--json"], {})).toMatchObject({ query: { zip: "--json" }, json: false });
    expect(() => parseArgs(["lookup", "--lat", "45", "--lon", "-108", "--lat", "46"], {})).toThrow("--lat is given twice");
    expect(() => parseArgs(["--port", "1", "--port=2"], {})).toThrow("--port is given twice");
    // A switch takes no value ("--json=false" turned JSON on: review 34 #8).
    expect(() => parseArgs(["lookup", "90210", "--json=false"], {})).toThrow("--json takes no value");
    expect(() => parseArgs(["--quiet=yes"], {})).toThrow("--quiet takes no value");
    expect(parseArgs(["lookup", "90210", "--json"], {})).toMatchObject({ json: true });
  });
  it("gives help and version", () => {
    expect(parseArgs(["--help"], {})).toEqual({ kind: "help" });
    expect(parseArgs(["-h"], {})).toEqual({ kind: "help" });
    expect(parseArgs(["--version"], {})).toEqual({ kind: "version" });
    // With --data, that folder's (ops audit 38 #4: it named the embedded data).
    expect(parseArgs(["--version", "--data", "/srv/data"], {})).toEqual({ kind: "version", data: "/srv/data" });
  });
  it.each([
    [["--port", "x"]],
    [["--port", "70000"]],
    [["--port"]],
    [["--nope"]],
    [["serve"]],
    [["export"]],
    [["--base-url", "example.org"]],
    [["--base-url", "http://a.example/?q=1"]],
    [["--workers", "0"]],
    [["--workers", "two"]],
    [["--workers", "65"]],
  ])("rejects %j", (argv) => {
    expect(() => parseArgs(argv, {})).toThrow(UsageError);
  });
});

describe("serving's options outside serve (ops audit 38 #4, review 38 #8: lookup and export took them silently)", () => {
  it.each([["--port", "9"], ["--host", "1.2.3.4"], ["--workers", "3"], ["--quiet"]])("lookup refuses %s, in the words of the refusals of lookup's options", (...flag) => {
    expect(() => parseArgs(["lookup", "90210", ...flag], {})).toThrow(`${flag[0]} goes with serving the API, not lookup (lookup's URLs take --base-url): school-districts --host 0.0.0.0 --port 8080 --workers 2`);
    expect(() => parseArgs(["lookup", "--district", "0604830", ...flag], {})).toThrow(UsageError);
    expect(() => parseArgs(["lookup", "--lat", "45", "--lon", "-108", ...flag], {})).toThrow(UsageError);
    expect(() => parseArgs(["lookup", "-", ...flag], {})).toThrow(UsageError);
  });
  it("names every one given, even a value serve would refuse (--workers abc)", () => {
    expect(() => parseArgs(["lookup", "90210", "--workers", "abc", "--host", "999.1.1.1", "--quiet"], {})).toThrow("--host, --workers and --quiet go with serving the API, not lookup");
  });
  it("export refuses --host and --workers, and keeps --quiet (its progress lines) and --port (its default base URL, http://localhost:<port>)", () => {
    expect(() => parseArgs(["export", "out", "--workers", "4", "--port", "9"], {})).toThrow("--workers goes with serving the API, not export: ");
    expect(() => parseArgs(["export", "out", "--host", "0.0.0.0"], {})).toThrow(UsageError);
    expect(parseArgs(["export", "out", "--quiet", "--port", "9000"], {})).toEqual({ kind: "export", dir: "out", baseUrl: "http://localhost:9000", data: undefined, quiet: true });
    expect(parseArgs(["export", "out"], { PORT: "9001", HOST: "0.0.0.0" })).toMatchObject({ baseUrl: "http://localhost:9001" });
  });
  it("lookup ignores PORT and HOST, the service's environment: its URLs are the build's default base URL unless --base-url or BASE_URL says otherwise", () => {
    for (const argv of [["lookup", "90210"], ["lookup", "--district", "0604830"], ["lookup", "--lat", "45", "--lon", "-108"], ["lookup", "90210", "02108"]]) {
      expect(parseArgs(argv, { PORT: "9999", HOST: "0.0.0.0" }), argv.join(" ")).toMatchObject({ kind: "lookup", baseUrl: "http://localhost:8080" });
      // Not even read: a PORT only the service would refuse does not stop a lookup.
      expect(parseArgs(argv, { PORT: "abc" })).toMatchObject({ baseUrl: "http://localhost:8080" });
      expect(parseArgs(argv, { PORT: "9999", BASE_URL: "https://schools.example.org/" })).toMatchObject({ baseUrl: "https://schools.example.org" });
      expect(parseArgs([...argv, "--base-url", "http://127.0.0.1:9999"], { PORT: "1" })).toMatchObject({ baseUrl: "http://127.0.0.1:9999" });
    }
  });
  it("serve still reads and checks PORT", () => {
    expect(parseArgs([], { PORT: "9999" })).toMatchObject({ kind: "serve", port: 9999 });
    expect(() => parseArgs([], { PORT: "abc" })).toThrow('port "abc" is not a number from 0 to 65535');
  });
});

describe("defaultBaseUrlWarning", () => {
  it("warns where other machines can connect and no --base-url is given (bodies would link to localhost)", () => {
    expect(defaultBaseUrlWarning("0.0.0.0", undefined, "http://localhost:8080")).toBe(
      "listening on 0.0.0.0 with the default base URL http://localhost:8080: records, pages and links will point at localhost; give --base-url with the public URL",
    );
    expect(defaultBaseUrlWarning("10.0.0.5", undefined, "http://localhost:8080")).toContain("10.0.0.5");
  });
  it.each(["127.0.0.1", "127.1.2.3", "::1", "localhost"])("says nothing on loopback %s", (host) => expect(defaultBaseUrlWarning(host, undefined, "http://localhost:8080")).toBeUndefined());
  it("says nothing with a --base-url", () => expect(defaultBaseUrlWarning("0.0.0.0", "https://schools.example.org", "https://schools.example.org")).toBeUndefined());
});

describe("lookup of several ZIP codes", () => {
  it("takes several ZIP codes, or - for stdin, with or without --json", () => {
    expect(parseArgs(["lookup", "90210", "02108"], {})).toMatchObject({ kind: "lookup", query: { zips: ["90210", "02108"] }, json: false });
    expect(parseArgs(["lookup", "-", "--json"], {})).toMatchObject({ kind: "lookup", query: { zips: "-" }, json: true });
    expect(parseArgs(["lookup", "90210"], {})).toMatchObject({ query: { zip: "90210" } });
  });
  it("refuses - beside ZIP codes, and several ZIP codes with --district", () => {
    expect(() => parseArgs(["lookup", "-", "90210"], {})).toThrow(UsageError);
    expect(() => parseArgs(["lookup", "90210", "02108", "--district", "0604830"], {})).toThrow(UsageError);
  });
});

describe("workersWarning (ops audit 37 #6: --workers 16 on 2 cores took 28 s to answer and 3.8 GB)", () => {
  it("warns above one worker per core, naming the count to use, and not at or below it", () => {
    expect(workersWarning(16, 2)).toBe("16 workers on 2 cores: each holds its own copy of the site (about 250 MB) and they start one after another; more than one per core only costs memory and start-up time (--workers 2)");
    expect(workersWarning(2, 1)).toMatch(/^2 workers on 1 core: /);
    expect(workersWarning(2, 2)).toBeUndefined();
    expect(workersWarning(1, 1)).toBeUndefined();
  });
});
