import { cva, type VariantProps } from "class-variance-authority";

/**
 * The button look of §9 (variants default, destructive, outline, secondary, ghost,
 * link; sizes default, sm, lg, icon). Kept apart from the component so links styled
 * as buttons share it without becoming client components.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white hover:bg-brand-800",
        destructive: "bg-destructive text-destructive-foreground hover:bg-red-800",
        outline: "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50",
        secondary: "bg-brand-100 text-brand-900 hover:bg-brand-200",
        ghost: "text-foreground hover:bg-muted",
        link: "text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        default: "min-h-11 px-4 py-2",
        sm: "min-h-11 px-3 text-sm sm:min-h-9",
        lg: "min-h-12 px-6 text-base",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
