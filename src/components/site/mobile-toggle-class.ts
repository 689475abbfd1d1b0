/** The phone-width menu toggle, shared by the stand-in and the Radix trigger. */
export const mobileToggleClass = "inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-muted no-js:hidden";
