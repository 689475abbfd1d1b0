/** Types for production-server/page-cache.mjs (plain JavaScript, loaded by server.mjs without a build step). */
export declare function staticPrerenderedPaths(distDir: string): Set<string>;
