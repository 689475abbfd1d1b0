import type { PostSummary } from "@/content/types";
import { POST_ITEM_ATTRIBUTE } from "./blog-filter";
import { PostCard } from "./post-card";

/** The blog's cards, as static HTML; BlogFilter hides the ones a filter leaves out. */
export function PostList({ id, posts }: { id: string; posts: readonly PostSummary[] }) {
  return (
    <ul id={id} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug} {...{ [POST_ITEM_ATTRIBUTE]: post.slug }}>
          {/* On a phone the first card's photo is the largest thing in view: it loads with the page. */}
          <PostCard post={post} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
