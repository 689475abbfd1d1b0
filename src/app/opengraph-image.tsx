import { site } from "@/content/site";
import { SOCIAL_IMAGE_SIZE, renderSocialImage } from "@/server/og/social-image";

export const alt = `${site.name}: ${site.tagline}`;
export const size = SOCIAL_IMAGE_SIZE;
export const contentType = "image/png";

export default function Image() {
  return renderSocialImage({ eyebrow: "Connectivity & IT services", title: site.tagline });
}
