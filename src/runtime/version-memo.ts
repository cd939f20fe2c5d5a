/**
 * A read shared by every caller while a version stays the same (the data version, the services version, or a key
 * made from one, such as the uptime table's version and minute): the first caller of a version reads, the others get
 * the same promise. While other instances' writes may go unheard (Redis down), the version does not move for them,
 * so every call reads. A failed read is not kept: the next call tries again.
 */
import { peersUnheard } from './health'

export function sharedPerVersion<A extends unknown[], T>(
  versionOf: (...args: NoInfer<A>) => number | string,
  read: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let memo: { version: number | string; value: Promise<T> } | null = null
  return (...args) => {
    const version = versionOf(...args)
    if (memo?.version === version && !peersUnheard()) return memo.value
    const value = read(...args)
    const current = { version, value }
    memo = current
    value.catch(() => {
      if (memo === current) memo = null
    })
    return value
  }
}
