/** The chevron button of a header menu, shared by the stand-in and the Radix trigger. */
export const navTriggerClass =
  "group -ml-1 inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-muted hover:text-brand-700 data-[state=open]:bg-muted no-js:hidden";
