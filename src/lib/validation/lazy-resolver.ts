import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver that loads itself on first use: the schema library and the form's schema
 * are not part of the script a form page needs before its first input (issue 32). `preload`
 * starts the download early (on the form's first focus), so a submit rarely waits for it.
 * A failed download is tried again on the next validation.
 */
export function lazyResolver<Values extends FieldValues>(load: () => Promise<Resolver<Values>>): { resolver: Resolver<Values>; preload: () => void } {
  let loading: Promise<Resolver<Values>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded().catch(() => undefined),
  };
}
