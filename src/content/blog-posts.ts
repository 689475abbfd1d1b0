import type { PostCategory, PostSummary } from "@/content/types";
import { readingTimeMinutes } from "@/lib/reading-time";

/*
 * STAND-IN for the content branch's module of the same name (the `posts` collection):
 * only what the home page needs, with the same signature. At merge, keep the content
 * branch's version of this file.
 */
interface PostFile {
  frontmatter: {
    title: string;
    slug: string;
    category: PostCategory;
    date: string;
    author: string;
    excerpt: string;
    image: string;
    imageAlt: string;
  };
  rawContent(): string;
}

const files = import.meta.glob<PostFile>("./posts/*.md", { eager: true });

/** Every article's card data, newest first. */
export async function listPostSummaries(): Promise<PostSummary[]> {
  return Object.values(files)
    .map(({ frontmatter: data, rawContent }) => ({
      slug: data.slug,
      title: data.title,
      category: data.category,
      date: data.date,
      dateIso: new Date(`${data.date} 12:00:00 UTC`).toISOString().slice(0, 10),
      author: data.author,
      excerpt: data.excerpt,
      image: { src: data.image, alt: data.imageAlt },
      readTimeMinutes: readingTimeMinutes(rawContent()),
    }))
    .sort((a, b) => b.dateIso.localeCompare(a.dateIso));
}
