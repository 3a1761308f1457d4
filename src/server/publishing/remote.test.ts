import { describe, expect, it } from "vitest";
import { plainText, RemoteError, retryAfterSeconds, retryText, toAppError } from "./remote";
import { withoutJsonLd } from "./shopify";

describe("plainText", () => {
  it("drops tags and WordPress's 'Error:' prefix, decodes entities, squeezes spaces", () => {
    expect(plainText("<strong>Error:</strong> The username <strong>x</strong> is not registered&#8230;  ")).toBe(
      "The username x is not registered…",
    );
    expect(plainText("Crumb &amp; Co &#x2014; &quot;fresh&quot;")).toBe('Crumb & Co — "fresh"');
  });

  it("caps the length", () => {
    expect(plainText("a".repeat(500), 10)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("retryAfterSeconds", () => {
  it("reads delta-seconds and HTTP dates", () => {
    expect(retryAfterSeconds("17")).toBe(17);
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(retryAfterSeconds("Tue, 01 Jan 2030 00:01:30 GMT", now)).toBe(90);
    expect(retryAfterSeconds("soon")).toBeUndefined();
    expect(retryAfterSeconds(undefined)).toBeUndefined();
  });

  it("words the wait", () => {
    expect(retryText(undefined)).toBe("Try again in a minute.");
    expect(retryText(30)).toBe("Try again in 30 seconds.");
    expect(retryText(600)).toBe("Try again in 10 minutes.");
  });
});

describe("toAppError", () => {
  it("makes a refused password a 400 while connecting and a 502 (never 401) while publishing", () => {
    const refused = new RemoteError("auth", "WordPress refused the application password.");
    expect(toAppError(refused, "connect").status).toBe(400);
    const publishing = toAppError(refused, "publish");
    expect(publishing.status).toBe(502);
    expect(publishing.message).toBe(
      "WordPress refused the application password. Check the connection in Settings → Connections.",
    );
  });

  it("passes 413 and 429 through, and a silent site is 502", () => {
    expect(toAppError(new RemoteError("too-large", "x"), "publish").status).toBe(413);
    expect(toAppError(new RemoteError("rate-limited", "x", 5), "publish")).toMatchObject({
      status: 429,
      details: { retryAfter: 5 },
    });
    expect(toAppError(new RemoteError("unavailable", "x"), "connect").status).toBe(502);
  });
});

describe("withoutJsonLd", () => {
  it("removes JSON-LD scripts (and WordPress's Custom HTML block around them) from a Shopify body", () => {
    const html =
      '<p>Body</p>\n<!-- wp:html -->\n<script type="application/ld+json">{"@type":"Article"}</script>\n<!-- /wp:html -->';
    expect(withoutJsonLd(html)).toBe("<p>Body</p>");
    expect(withoutJsonLd('<p>a</p><script type="application/ld+json">{}</script>')).toBe("<p>a</p>");
  });
});
