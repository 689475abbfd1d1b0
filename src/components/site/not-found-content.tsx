import { ArrowLeft } from "lucide-react";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";
import { NotFoundCard } from "./not-found-card";

type NotFoundKind = "service" | "article" | "page";

const oneSegmentUnder = (section: string) => new RegExp(`^${section}/[^/]+$`);

/**
 * Which not-found text a path gets (§8): an unknown service or article has its own,
 * anything else (nested paths under those sections included) the generic card of §2.
 */
export function notFoundKind(pathname: string): NotFoundKind {
  if (oneSegmentUnder(routes.services).test(pathname)) return "service";
  if (oneSegmentUnder(routes.blog).test(pathname)) return "article";
  return "page";
}

export const notFoundTitles: Record<NotFoundKind, string> = {
  service: "Service Not Found",
  article: "Article Not Found",
  page: "404 Page Not Found",
};

export function NotFoundContent({ kind }: { kind: NotFoundKind }) {
  if (kind === "service") {
    return (
      <NotFoundCard title={notFoundTitles.service} message="The service you're looking for doesn't exist or has been moved.">
        <ButtonLink href={routes.services}>
          <ArrowLeft aria-hidden="true" />
          Back to Services
        </ButtonLink>
      </NotFoundCard>
    );
  }
  if (kind === "article") {
    return (
      <NotFoundCard title={notFoundTitles.article} message="The article you're looking for doesn't exist.">
        <ButtonLink href={routes.blog}>
          <ArrowLeft aria-hidden="true" />
          Back to Blog
        </ButtonLink>
      </NotFoundCard>
    );
  }
  return (
    <NotFoundCard title={notFoundTitles.page} message="Did you forget to add the page to the router?">
      <ButtonLink href={routes.home}>Go to the home page</ButtonLink>
      <ButtonLink href={routes.sitemap} variant="outline">
        Browse the sitemap
      </ButtonLink>
    </NotFoundCard>
  );
}
