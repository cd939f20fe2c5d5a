/**
 * One at a time per key, in this process: notifications of one alert key (a retry storm, a re-send racing a
 * change) are applied in turn, so each sees what the one before wrote. Across instances the database's unique
 * open key and conditional writes do the same job (src/services/incidents/apply-monitoring-event.ts).
 */
const tails = new Map<string, Promise<unknown>>()

export async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve()
  const run = before.then(work, work)
  const tail = run.catch(() => undefined)
  tails.set(key, tail)
  try {
    return await run
  } finally {
    if (tails.get(key) === tail) tails.delete(key)
  }
}
