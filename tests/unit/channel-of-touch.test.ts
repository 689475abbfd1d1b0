import { describe, expect, it } from "vitest";
import { channelOfTouch } from "@/lib/attribution/channel-of-touch";
import { visitSignals, type VisitSignals } from "@/lib/attribution/visit-signals";

const AT = new Date("2026-11-20T15:00:00Z");
const OWN = "saludaridge.example";

/** The signals of a page opened at `address` (on the site) from `referrer`. */
function visit(query: string, referrer: string | null = null): VisitSignals {
  return visitSignals(new URL(`https://${OWN}/${query}`), referrer, [], AT);
}

describe("channelOfTouch: GA4's default channel group for the desk's eight web channels", () => {
  it.each([
    ["a typed address or bookmark", visit(""), "Direct"],
    ["a link inside the site", visit("services", `https://${OWN}/`), "Direct"],
    ["Google's results", visit("", "https://www.google.com/"), "Organic Search"],
    ["a country Google", visit("", "https://www.google.co.uk/"), "Organic Search"],
    ["DuckDuckGo", visit("", "https://duckduckgo.com/"), "Organic Search"],
    ["utm_medium=organic", visit("?utm_source=localguide&utm_medium=organic"), "Organic Search"],
    ["a Google Ads click (gclid, auto-tagged)", visit("?gclid=Cj0KCQiA_abc-123"), "Paid Search"],
    ["a Microsoft Ads click (msclkid)", visit("?msclkid=4f1e2d3c"), "Paid Search"],
    ["a gclid with a Google referrer", visit("?gclid=abc", "https://www.google.com/"), "Paid Search"],
    ["google / cpc tagged by hand", visit("?utm_source=google&utm_medium=cpc&utm_campaign=voip"), "Paid Search"],
    ["bing / ppc", visit("?utm_source=bing&utm_medium=ppc"), "Paid Search"],
    ["facebook / paid", visit("?utm_source=facebook&utm_medium=paid-social"), "Paid Social"],
    ["an fbclid with a paid medium", visit("?fbclid=IwAR0abc&utm_medium=paid"), "Paid Social"],
    ["an fbclid alone (Facebook adds it to every link)", visit("?fbclid=IwAR0abc"), "Organic Social"],
    ["an fbclid from Facebook's link shim", visit("?fbclid=IwAR0abc", "https://l.facebook.com/"), "Organic Social"],
    ["a Facebook post", visit("", "https://m.facebook.com/"), "Organic Social"],
    ["LinkedIn's short links", visit("", "https://lnkd.in/"), "Organic Social"],
    ["Nextdoor", visit("", "https://nextdoor.com/"), "Organic Social"],
    ["utm_medium=social", visit("?utm_source=chamber&utm_medium=social"), "Organic Social"],
    ["utm_medium=social-network", visit("?utm_source=chamber&utm_medium=social-network"), "Organic Social"],
    ["the newsletter", visit("?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo"), "Email"],
    ["utm_source=e-mail", visit("?utm_source=e-mail"), "Email"],
    ["utm_medium=e_mail", visit("?utm_source=monthly&utm_medium=e_mail"), "Email"],
    ["another site's link", visit("", "https://greenvillechamber.org/members"), "Referral"],
    ["utm_medium=referral", visit("?utm_source=partner&utm_medium=referral"), "Referral"],
    ["a campaign with no source or medium", visit("?utm_campaign=spring"), "Unassigned"],
    ["a medium no rule knows", visit("?utm_source=flyer&utm_medium=print"), "Unassigned"],
    ["display ads (a GA4 channel the desk does not keep)", visit("?utm_source=gdn&utm_medium=display"), "Unassigned"],
    ["paid with an unknown source (GA4's Paid Other)", visit("?utm_source=radio&utm_medium=cpc"), "Unassigned"],
  ] as const)("%s → %s", (_name, signals, channel) => {
    expect(channelOfTouch(signals)).toBe(channel);
  });

  it("ignores case, as GA4 does", () => {
    expect(channelOfTouch(visit("?utm_source=Google&utm_medium=CPC"))).toBe("Paid Search");
    expect(channelOfTouch(visit("?utm_source=NEWSLETTER&utm_medium=Email"))).toBe("Email");
    expect(channelOfTouch(visit("?utm_source=FaceBook&utm_medium=Social"))).toBe("Organic Social");
    expect(channelOfTouch(visit("", "https://WWW.BING.COM/"))).toBe("Organic Search");
  });

  it("never counts the site's own host as a referrer, with or without www", () => {
    const fromOwnPage = visitSignals(new URL(`https://${OWN}/contact`), `https://www.${OWN}/about`, [], AT);
    expect(fromOwnPage.referrer).toBeNull();
    expect(channelOfTouch(fromOwnPage)).toBe("Direct");
    // A referrer the client claims is the site's own is dropped by the server's own hosts.
    const claimed: VisitSignals = { ...visit(""), referrer: `www.${OWN}` };
    expect(channelOfTouch(claimed)).toBe("Referral");
    expect(channelOfTouch(claimed, [OWN])).toBe("Direct");
    expect(channelOfTouch({ ...visit("?utm_source=newsletter&utm_medium=email"), referrer: OWN }, [OWN])).toBe("Email");
  });

  it("reads a source that only looks like a list entry as itself, not as a site", () => {
    // "t" is Twitter's t.co only as a host.
    expect(channelOfTouch(visit("", "https://t.co/abc"))).toBe("Organic Social");
    expect(channelOfTouch(visit("?utm_source=t&utm_medium=newsletter"))).toBe("Unassigned");
    // A search engine's name inside another host is not the search engine.
    expect(channelOfTouch(visit("", "https://google.evil.example/"))).toBe("Referral");
  });
});

describe("visitSignals: what a page's address and referrer say", () => {
  it("reads the campaign parameters, click ids, referrer host and landing page", () => {
    const signals = visitSignals(
      new URL(`https://${OWN}/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo&utm_term=voip&utm_content=hero&gclid=g1&msclkid=m1&fbclid=f1`),
      "https://news.example.com/story?id=7",
      [],
      AT,
    );
    expect(signals).toEqual({
      source: "newsletter",
      medium: "email",
      campaign: "fall-promo",
      term: "voip",
      content: "hero",
      gclid: "g1",
      msclkid: "m1",
      fbclid: "f1",
      referrer: "news.example.com",
      landingPage: "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo&utm_term=voip&utm_content=hero&gclid=g1&msclkid=m1&fbclid=f1",
      at: "2026-11-20T15:00:00.000Z",
    });
  });

  it("drops empty values and referrers that are not web addresses", () => {
    const signals = visitSignals(new URL(`https://${OWN}/blog?utm_source=%20%20&utm_medium=`), "android-app://com.example", [], AT);
    expect(signals.source).toBeNull();
    expect(signals.medium).toBeNull();
    expect(signals.referrer).toBeNull();
    expect(signals.landingPage).toBe("/blog?utm_source=%20%20&utm_medium=");
  });
});
