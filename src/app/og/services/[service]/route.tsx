import { getService } from "@/content/get-service";
import { services } from "@/content/services";
import { jsonError } from "@/server/http/json-responses";
import { renderSocialImage } from "@/server/og/social-image";

// Drawn once at build time for every service; a stable URL per service.
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return services.map((service) => ({ service: service.slug }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ service: string }> }) {
  const service = getService((await params).service);
  if (!service) return jsonError(404, "Not found.");
  return renderSocialImage({ eyebrow: "Service", title: service.title });
}
