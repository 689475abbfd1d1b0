import { ArrowLeft } from "lucide-react";
import { NotFoundCard } from "@/components/site/not-found-card";
import { ButtonLink } from "@/components/ui/button-link";
import { routes } from "@/lib/routes";

export default function ArticleNotFound() {
  return (
    <NotFoundCard title="Article Not Found" message="The article you're looking for doesn't exist.">
      <ButtonLink href={routes.blog}>
        <ArrowLeft aria-hidden="true" />
        Back to Blog
      </ButtonLink>
    </NotFoundCard>
  );
}
