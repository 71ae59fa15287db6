/**
 * How many HTTP requests reach the store while `work` runs: each is one round trip. It counts by
 * wrapping the global fetch the store's REST client uses, so `work` must not run alongside other
 * store calls of the same test file that it should not count.
 */
export async function storeRequests<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }> {
  const storeUrl = process.env.UPSTASH_REDIS_REST_URL ?? '';
  const realFetch = globalThis.fetch;
  let requests = 0;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(storeUrl)) requests++;
    return realFetch(input, init);
  };
  try {
    return { result: await work(), requests };
  } finally {
    globalThis.fetch = realFetch;
  }
}
