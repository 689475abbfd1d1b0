import { getCollection, type CollectionEntry } from "astro:content";
import type { PostSummary } from "@/content/types";
import { readingTimeMinutes } from "@/lib/reading-time";
import { renderMarkdown } from "@/server/content/render-markdown";

export type { PostSummary };

/** An article of the `posts` collection (src/content/posts/*.md), ready for pages. */
export interface Post extends PostSummary {
  metaDescription: string;
  keywords: readonly string[];
  /** The Markdown body; empty for a post that is listed but has no article yet. */
  markdown: string;
}

/** "May 15, 2023" → "2023-05-15", read at noon UTC so no time zone moves the day. */
function toIsoDate(humanDate: string): string {
  return new Date(`${humanDate} 12:00:00 UTC`).toISOString().slice(0, 10);
}

function toPost(entry: CollectionEntry<"posts">): Post {
  const { data } = entry;
  const fileName = entry.filePath?.split("/").at(-1);
  if (fileName !== `${data.slug}.md`) throw new Error(`${entry.filePath}: slug "${data.slug}" must match the file name`);
  const markdown = entry.body ?? "";
  return {
    slug: data.slug,
    title: data.title,
    category: data.category,
    date: data.date,
    dateIso: toIsoDate(data.date),
    author: data.author,
    excerpt: data.excerpt,
    image: { src: data.image, alt: data.imageAlt },
    readTimeMinutes: readingTimeMinutes(markdown),
    metaDescription: data.metaDescription,
    keywords: data.keywords,
    markdown,
  };
}

// The list is rebuilt only when a file changed (astro dev); otherwise every caller gets
// the same array, so derived data (the search index) can be cached against it.
let cached: { key: string; posts: readonly Post[] } | undefined;

/** Every article, newest first. */
export async function listPosts(): Promise<readonly Post[]> {
  const entries = await getCollection("posts");
  const key = entries.map((entry) => `${entry.id}:${String(entry.digest)}`).join("|");
  if (cached?.key !== key) {
    const posts = entries.map(toPost).sort((a, b) => b.dateIso.localeCompare(a.dateIso));
    cached = { key, posts };
  }
  return cached.posts;
}

export function toSummary(post: Post): PostSummary {
  return {
    slug: post.slug,
    title: post.title,
    category: post.category,
    date: post.date,
    dateIso: post.dateIso,
    author: post.author,
    excerpt: post.excerpt,
    image: post.image,
    readTimeMinutes: post.readTimeMinutes,
  };
}

export async function listPostSummaries(): Promise<PostSummary[]> {
  return (await listPosts()).map(toSummary);
}

/** §2: a post without a body is listed but has no article page ("Article Not Found"). */
export function hasArticle(post: Post): boolean {
  return post.markdown.trim().length > 0;
}

/** §2: the related articles are the first two other articles. */
export async function relatedPosts(slug: string, count = 2): Promise<PostSummary[]> {
  return (await listPostSummaries()).filter((post) => post.slug !== slug).slice(0, count);
}

/** The article body as HTML, rendered at build time (no Markdown parser reaches the browser). */
export function renderPostBody(post: Post): string {
  return renderMarkdown(post.markdown);
}
