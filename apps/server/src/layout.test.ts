import { describe, expect, it } from "vitest";
import { websiteLink } from "./layout.ts";

describe("websiteLink", () => {
  it("links a website by its host", () => {
    expect(websiteLink("http://www.bhusd.org/home")).toBe('<a href="http://www.bhusd.org/home" rel="external">www.bhusd.org</a>');
  });

  it("shows, unlinked, what is no web address: no scheme, not a URL, or an e-mail address filed as a website (pages audit 34 #6)", () => {
    expect(websiteLink("www.example.org")).toBe("www.example.org");
    expect(websiteLink("http://exa mple.org")).toBe("http://exa mple.org");
    // A browser opens these as a login to the host ("You are about to log in…").
    expect(websiteLink("http://AWICKER@CDWILDCATS.COM")).toBe("http://AWICKER@CDWILDCATS.COM");
    expect(websiteLink("http://tyrone@tyronebobcats.org")).toBe("http://tyrone@tyronebobcats.org");
    expect(websiteLink("http://a:b@example.org/x")).not.toContain("<a ");
  });
});
