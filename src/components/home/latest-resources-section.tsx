import type { PostSummary } from "@/content/types";
import { routes } from "@/lib/routes";
import { PostCard } from "@/components/blog/post-card";
import { ButtonLink } from "@/components/ui/button-link";
import { SectionHeading } from "@/components/ui/section-heading";

export function LatestResourcesSection({ posts }: { posts: readonly PostSummary[] }) {
  return (
    <section aria-labelledby="resources-title" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="resources-title" eyebrow="Latest Resources" title="Guides from the field" intro="Practical advice on networks, phones, cameras and event connectivity." />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink href={routes.blog} variant="outline" size="lg">
            View All Resources
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
