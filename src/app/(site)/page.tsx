import { CallToActionSection } from "@/components/home/call-to-action-section";
import { HomeHero } from "@/components/home/home-hero";
import { IndustriesSection } from "@/components/home/industries-section";
import { LatestResourcesSection } from "@/components/home/latest-resources-section";
import { OurWorkSection } from "@/components/home/our-work-section";
import { ServicesSection } from "@/components/home/services-section";
import { site } from "@/content/site";
import { buildMetadata } from "@/lib/seo";
import { listPostSummaries } from "@/server/content/posts";

/** §9: the home page shows three blog posts. */
const HOME_POST_COUNT = 3;

export const metadata = buildMetadata({
  title: `${site.name} | Managed Internet, VoIP & IT Services in Upstate SC`,
  description: site.description,
  path: "/",
  keywords: ["managed internet", "SD-WAN", "VoIP phone systems", "event WiFi", "Starlink installation", "Greenville SC IT services"],
});

export default function HomePage() {
  return (
    <>
      <HomeHero nextSectionId="services" />
      <ServicesSection id="services" />
      <IndustriesSection />
      <OurWorkSection />
      <CallToActionSection />
      <LatestResourcesSection posts={listPostSummaries().slice(0, HOME_POST_COUNT)} />
    </>
  );
}
