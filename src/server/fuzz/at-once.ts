// How the fuzz suites send their fixed cases: several at once, as a loaded app meets requests.

/** How many fixed cases the suites send at once: the app waits on PostgreSQL for much of a request. */
export const AT_ONCE = 6;

/** Run `task` over every item, at most `width` at once. */
export async function eachAtOnce<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
