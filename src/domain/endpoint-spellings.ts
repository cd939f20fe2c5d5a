/**
 * Bringing stored endpoints to one spelling (src/domain/subscription-request.ts, normaliseEndpoint) when rows were
 * stored as given: one endpoint could then be several subscribers, and so hear each event several times. Pure: the
 * migrations of both dialects read the rows, take this plan, and write it.
 */
import { normaliseEndpoint } from './subscription-request'

interface StoredEndpoint {
  id: number
  url: string
  active: boolean
  verified: boolean
}

interface EndpointSpellingPlan {
  /** New `url` values, to be written in this order (null frees a spelling another row takes next). */
  writes: { id: number; url: string | null }[]
  /** Rows that were the same endpoint as a row kept: unsubscribed, so the endpoint hears each event once. */
  unsubscribe: number[]
}

/** The row that stays: confirmed and active first, then active, then the oldest. */
const rank = (row: StoredEndpoint) => (row.active && row.verified ? 0 : row.active ? 1 : 2)

export function endpointSpellingPlan(rows: StoredEndpoint[]): EndpointSpellingPlan {
  const groups = new Map<string, StoredEndpoint[]>()
  for (const row of rows) {
    const spelling = normaliseEndpoint(row.url)
    groups.set(spelling, [...(groups.get(spelling) ?? []), row])
  }
  const plan: EndpointSpellingPlan = { writes: [], unsubscribe: [] }
  for (const [spelling, group] of groups) {
    const [kept, ...others] = [...group].sort((a, b) => rank(a) - rank(b) || a.id - b.id)
    plan.unsubscribe.push(...others.filter((row) => row.active).map((row) => row.id))
    if (kept.url === spelling) continue
    // A row left out may hold the spelling already: it takes the kept row's old one, which is unique too.
    const holder = others.find((row) => row.url === spelling)
    if (holder) plan.writes.push({ id: holder.id, url: null })
    plan.writes.push({ id: kept.id, url: spelling })
    if (holder) plan.writes.push({ id: holder.id, url: kept.url })
  }
  return plan
}
