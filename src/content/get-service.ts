import { services } from "./services";
import type { Service } from "./types";

export function getService(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}
