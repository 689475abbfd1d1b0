import Link, { type LinkProps } from "next/link";
import type { AnchorHTMLAttributes } from "react";
import { cnMerge } from "@/lib/cn-merge";
import { buttonVariants, type ButtonVariantProps } from "./button-variants";

type ButtonLinkProps = LinkProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof LinkProps> & ButtonVariantProps;

/** A link that looks like a button: navigation stays a real `<a href>`. */
export function ButtonLink({ className, variant, size, ...props }: ButtonLinkProps) {
  return <Link className={cnMerge(buttonVariants({ variant, size }), className)} {...props} />;
}
