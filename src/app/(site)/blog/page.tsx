import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { BlogFilter } from "@/components/blog/blog-filter";
import { PageHero } from "@/components/ui/page-hero";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { listPostSummaries } from "@/server/content/posts";

export const metadata = buildMetadata({
  title: "Blog & Resources",
  description: "Guides on SD-WAN, Starlink for business, event WiFi, VoIP, security cameras and websites for businesses in the Carolinas and Georgia.",
  path: routes.blog,
  keywords: ["IT blog", "SD-WAN vs MPLS", "Starlink for business", "event WiFi", "VoIP guide"],
  rssFeed: true,
});

export default function BlogPage() {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Blog", path: routes.blog }])} />
      <PageHero eyebrow="Blog" title="Resources & Insights" intro="Field-tested advice on connectivity, phones, cameras and websites, written by the people who install them." />
      <section aria-labelledby="articles-title" className="container-page py-12">
        <h2 id="articles-title" className="sr-only">
          Articles
        </h2>
        <BlogFilter posts={listPostSummaries()} />
      </section>
    </>
  );
}
