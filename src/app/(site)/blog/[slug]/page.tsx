import { ArrowLeft, CalendarDays, Clock, UserRound } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostCard } from "@/components/blog/post-card";
import { ShareLinks } from "@/components/blog/share-links";
import { JsonLd } from "@/components/site/json-ld";
import { articleJsonLd, breadcrumbJsonLd } from "@/lib/structured-data";
import { ButtonLink } from "@/components/ui/button-link";
import { LazyImage } from "@/components/ui/lazy-image";
import { routes } from "@/lib/routes";
import { absoluteUrl, buildMetadata } from "@/lib/seo";
import { getPost, listPosts, relatedPosts } from "@/server/content/posts";

type Params = { slug: string };

export function generateStaticParams(): Params[] {
  return listPosts().map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const post = getPost((await params).slug);
  if (!post) return { title: "Article Not Found", robots: { index: false, follow: true } };
  return buildMetadata({
    title: post.title,
    description: post.metaDescription,
    path: routes.post(post.slug),
    keywords: post.keywords,
    ogType: "article",
    author: post.author,
    publishedTime: post.dateIso,
    ogImage: routes.postImage(post.slug),
    rssFeed: true,
  });
}

export default async function ArticlePage({ params }: { params: Promise<Params> }) {
  const post = getPost((await params).slug);
  if (!post) notFound();
  const related = relatedPosts(post.slug);

  return (
    <>
      <JsonLd data={articleJsonLd(post)} />
      <JsonLd
        data={breadcrumbJsonLd([
          { name: "Blog", path: routes.blog },
          { name: post.title, path: routes.post(post.slug) },
        ])}
      />
      <article>
        <header className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
          <div className="container-page max-w-4xl py-12 sm:py-16">
            <ButtonLink href={routes.blog} variant="link" className="px-0 text-brand-100 hover:text-white">
              <ArrowLeft aria-hidden="true" />
              Back to Blog
            </ButtonLink>
            <p className="mt-4">
              <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white">{post.category}</span>
            </p>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{post.title}</h1>
            <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-100">
              <li className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={post.dateIso}>{post.date}</time>
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {post.readTimeMinutes} min read
              </li>
              <li className="inline-flex items-center gap-1.5">
                <UserRound aria-hidden="true" className="size-4" />
                By {post.author}
              </li>
            </ul>
          </div>
        </header>
        <div className="container-page max-w-4xl py-10">
          <ShareLinks pageUrl={absoluteUrl(routes.post(post.slug))} title={post.title} />
          <LazyImage
            src={post.image.src}
            alt={post.image.alt}
            width={1200}
            height={630}
            sizes="(min-width: 896px) 832px, 100vw"
            className="mt-6 rounded-2xl"
            priority
          />
          {/* Our own Markdown, rendered on the server from files in the repository. */}
          <div className="prose-article mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />
        </div>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="bg-slate-50 py-14">
          <div className="container-page max-w-5xl">
            <h2 id="related-title" className="text-2xl font-bold text-slate-900">
              Related Articles
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {related.map((item) => (
                <li key={item.slug}>
                  <PostCard post={item} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
