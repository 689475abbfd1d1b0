import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Deliberately not tailwind-merge: that library is ~8 KB in
 * every client bundle that touches it. Components that let callers override
 * their own utilities use `cnMerge` on the server instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
