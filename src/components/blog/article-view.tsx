import { ArrowLeft, CalendarDays, Clock, UserRound } from "lucide-react";
import type { PostSummary } from "@/content/types";
import { ButtonLink } from "@/components/ui/button-link";
import { LazyImage } from "@/components/ui/lazy-image";
import { routes } from "@/lib/routes";
import { ShareLinks } from "./share-links";

/**
 * §2 article page: category, title, date, read time and author; share links; the photo;
 * then the body, HTML rendered at build time from our own Markdown (src/content/posts).
 */
export function ArticleView({ post, bodyHtml, pageUrl }: { post: PostSummary; bodyHtml: string; pageUrl: string }) {
  return (
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
        <ShareLinks pageUrl={pageUrl} title={post.title} />
        <LazyImage
          src={post.image.src}
          alt={post.image.alt}
          width={1200}
          height={630}
          sizes="(min-width: 896px) 832px, 100vw"
          className="mt-6 rounded-2xl"
          priority
        />
        <div className="prose-article mt-10" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      </div>
    </article>
  );
}
