/** Ids per `in (…)` list, well inside both engines' limits on bound parameters. */
const IDS_PER_QUERY = 500;

/** `items` in batches of at most IDS_PER_QUERY, one `in (…)` list each. */
export function idBatches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_QUERY) result.push(items.slice(start, start + IDS_PER_QUERY));
  return result;
}
