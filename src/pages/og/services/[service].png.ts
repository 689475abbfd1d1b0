import type { APIRoute, GetStaticPaths } from "astro";
import { services } from "@/content/services";
import type { Service } from "@/content/types";
import { socialImageResponse } from "@/server/og/social-image";

/** One share image per service (routes.serviceImage), drawn at build time. */
export const getStaticPaths = (() => services.map((service) => ({ params: { service: service.slug }, props: { service } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ service: Service }> = ({ props }) => socialImageResponse({ eyebrow: "Service", title: props.service.title });
