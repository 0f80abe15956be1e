/** Runs `task` on every item, at most `jobs` at once; results in the items' order. */
export async function mapPool<T, R>(
  items: readonly T[],
  jobs: number,
  task: (item: T, worker: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (id: number) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, (_, id) => worker(id)));
  return results;
}
