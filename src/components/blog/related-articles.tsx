import type { PostSummary } from "@/content/types";
import { PostCard } from "./post-card";

/** §2: the two related articles under an article. */
export function RelatedArticles({ posts }: { posts: readonly PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="bg-slate-50 py-14">
      <div className="container-page max-w-5xl">
        <h2 id="related-title" className="text-2xl font-bold text-slate-900">
          Related Articles
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
