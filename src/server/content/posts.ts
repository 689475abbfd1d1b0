import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { z } from "zod";
import type { PostCategory, PostSummary } from "@/content/types";
import { readingTimeMinutes } from "@/lib/reading-time";
import { renderMarkdown } from "./render-markdown";

export type { PostSummary };

export const POSTS_DIR = path.join(process.cwd(), "src", "content", "posts");

const postCategories = [
  "Event Technology",
  "Network Infrastructure",
  "Internet Solutions",
  "Web Design",
  "VoIP Technology",
  "Security",
] as const satisfies readonly PostCategory[];

const frontMatterSchema = z.object({
  title: z.string().min(5),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  category: z.enum(postCategories),
  date: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "date must be a readable date"),
  author: z.string().min(2),
  excerpt: z.string().min(20),
  image: z.url(),
  imageAlt: z.string().min(5),
  metaDescription: z.string().min(20).max(170),
  keywords: z.array(z.string()).min(1),
});

export interface Post extends PostSummary {
  metaDescription: string;
  keywords: readonly string[];
  markdown: string;
  html: string;
}

function toIsoDate(humanDate: string): string {
  const parsed = new Date(`${humanDate} 12:00:00 UTC`);
  return parsed.toISOString().slice(0, 10);
}

function loadPost(fileName: string): Post {
  const raw = readFileSync(path.join(POSTS_DIR, fileName), "utf8");
  const { data, content } = matter(raw);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`Invalid front matter in ${fileName}: ${z.prettifyError(parsed.error)}`);
  }
  const fm = parsed.data;
  if (`${fm.slug}.md` !== fileName) throw new Error(`${fileName}: slug "${fm.slug}" must match the file name`);
  return {
    slug: fm.slug,
    title: fm.title,
    category: fm.category,
    date: fm.date,
    dateIso: toIsoDate(fm.date),
    author: fm.author,
    excerpt: fm.excerpt,
    image: { src: fm.image, alt: fm.imageAlt },
    readTimeMinutes: readingTimeMinutes(content),
    metaDescription: fm.metaDescription,
    keywords: fm.keywords,
    markdown: content,
    html: renderMarkdown(content),
  };
}

/** Every article, newest first. Content is immutable at run time, so it is read once per process. */
let loaded: readonly Post[] | undefined;

export function listPosts(): readonly Post[] {
  if (!loaded) {
    const files = readdirSync(POSTS_DIR).filter((name) => name.endsWith(".md"));
    loaded = files.map(loadPost).sort((a, b) => b.dateIso.localeCompare(a.dateIso));
  }
  return loaded;
}

export function listPostSummaries(): PostSummary[] {
  return listPosts().map(toSummary);
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

export function getPost(slug: string): Post | undefined {
  return listPosts().find((post) => post.slug === slug);
}

/** §2: the related articles are the first two other articles. */
export function relatedPosts(slug: string, count = 2): PostSummary[] {
  return listPostSummaries()
    .filter((post) => post.slug !== slug)
    .slice(0, count);
}
