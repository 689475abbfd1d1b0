import type { Metadata } from "next";
import { NotFoundCard } from "@/components/site/not-found-card";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { SkipLink } from "@/components/site/skip-link";
import { ButtonLink } from "@/components/ui/button-link";
import { routes } from "@/lib/routes";

export const metadata: Metadata = {
  title: "404 Page Not Found",
  robots: { index: false, follow: true },
};

/** Unknown paths live outside the (site) group, so the header and footer are added here. */
export default function NotFound() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="flex-1">
        <NotFoundCard title="404 Page Not Found" message="Did you forget to add the page to the router?">
          <ButtonLink href={routes.home}>Go to the home page</ButtonLink>
          <ButtonLink href={routes.sitemap} variant="outline">
            Browse the sitemap
          </ButtonLink>
        </NotFoundCard>
      </main>
      <SiteFooter />
    </>
  );
}
