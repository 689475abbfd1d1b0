import type { PostSummary } from "@/content/types";

export interface PostFilter {
  search: string;
  /** null means every category ("All"). */
  category: string | null;
}

/** §5: case-insensitive substring match on title or excerpt, combined with an exact category match. */
export function filterPosts<T extends Pick<PostSummary, "title" | "excerpt" | "category">>(posts: readonly T[], filter: PostFilter): T[] {
  const needle = filter.search.trim().toLowerCase();
  return posts.filter((post) => {
    const matchesText = !needle || post.title.toLowerCase().includes(needle) || post.excerpt.toLowerCase().includes(needle);
    const matchesCategory = filter.category === null || post.category === filter.category;
    return matchesText && matchesCategory;
  });
}

/** "All" plus each distinct category, in the order they first appear. */
export function distinctCategories(posts: readonly Pick<PostSummary, "category">[]): string[] {
  return [...new Set(posts.map((post) => post.category))];
}
