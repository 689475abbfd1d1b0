import { ArrowLeft } from "lucide-react";
import { NotFoundCard } from "@/components/site/not-found-card";
import { ButtonLink } from "@/components/ui/button-link";
import { routes } from "@/lib/routes";

export default function ServiceNotFound() {
  return (
    <NotFoundCard title="Service Not Found" message="The service you're looking for doesn't exist or has been moved.">
      <ButtonLink href={routes.services}>
        <ArrowLeft aria-hidden="true" />
        Back to Services
      </ButtonLink>
    </NotFoundCard>
  );
}
