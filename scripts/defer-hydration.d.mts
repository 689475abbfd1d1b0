/** Types for scripts/defer-hydration.mjs, which runs as plain JavaScript after the build and in server.mjs. */
export declare function deferHydration(html: string): { html: string; sources: string[] };
export declare function deferBuild(distDir: string): number;
