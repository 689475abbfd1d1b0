/** Stands in for `server-only` under Vitest, where the real package would throw. */
export {};
