import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";
import { POST_CATEGORIES } from "@/content/types";

/** Lower-case words joined by hyphens: what a URL segment and an entry id may be. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const posts = defineCollection({
  // The entry id is the front matter's `slug` (the glob loader's default); the article
  // module checks that it matches the file name.
  loader: glob({ base: "./src/content/posts", pattern: "*.md" }),
  schema: z.strictObject({
    title: z.string().min(5).max(120).describe("Headline shown on the card, the article page, the feed and the social image."),
    slug: z.string().regex(SLUG).describe("URL segment under /blog/; must equal the file name without `.md`."),
    category: z.enum(POST_CATEGORIES).describe("One of the six blog categories (§3); the blog's filter buttons are built from them."),
    date: z
      .string()
      .refine((value) => !Number.isNaN(Date.parse(`${value} 12:00:00 UTC`)), "date must be a readable date such as May 15, 2023")
      .describe("Publication date as readers see it, e.g. `May 15, 2023`; the ISO date for machines is derived from it."),
    author: z.string().min(2).describe("Full name of the writer, shown as `By …` and in the Article structured data."),
    excerpt: z.string().min(20).max(220).describe("One or two sentences for the blog card, the feed and site search; matched by the blog's search box."),
    image: z.url().describe("Stock photo URL (images.unsplash.com); resized through src/lib/stock-photo-url.ts, never fetched at build."),
    imageAlt: z.string().min(5).describe("Alternative text of the photo, describing what it shows."),
    metaDescription: z.string().min(20).max(170).describe("The page's meta and social description; search engines show about 160 characters."),
    keywords: z.array(z.string().min(2)).min(1).describe("Meta keywords and the Article structured data's keywords."),
  }),
});

const pages = defineCollection({
  // Legal text: {{name}}, {{email}}, {{phone}}, {{address}} and {{siteUrl}} are filled
  // from the site config when the page is rendered, so the business facts live once.
  loader: glob({ base: "./src/content/pages", pattern: "*.md" }),
  schema: z.strictObject({
    title: z.string().min(5).max(60).describe("The page heading and the start of its <title>."),
    description: z.string().min(40).max(170).describe("The page's meta and social description."),
  }),
});

export const collections = { posts, pages };
