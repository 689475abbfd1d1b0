import type { AnchorHTMLAttributes } from "react";
import { cnMerge } from "@/lib/cn-merge";
import { buttonVariants, type ButtonVariantProps } from "./button-variants";

type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string } & ButtonVariantProps;

/** A link that looks like a button: navigation stays a real `<a href>`. */
export function ButtonLink({ className, variant, size, ...props }: ButtonLinkProps) {
  return <a className={cnMerge(buttonVariants({ variant, size }), className)} {...props} />;
}
