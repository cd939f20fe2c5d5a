/**
 * The other pages in the static mirror (docs/pages.md): each page beside the default one, read as its own host
 * would get it, into `hosts/<host>/` of the same copy, so that nginx serves each host from its tree (docs/
 * deployment.md, "A static mirror"). The list of pages is the CMS API's (`/api/pages`, which anyone may read).
 */
import { type Collected, collectSite, type Fetch, OriginError } from './collect'
import type { AddFile } from './snapshot'

/** Where a host's tree is in a copy. */
export const hostTree = (host: string) => `hosts/${host}`

/** What a host name must look like to name a directory (the pages refuse anything else already). */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/

interface PageDoc {
  publicUrl?: string | null
  hosts?: { host?: string }[] | null
}

/** Every host a page answers on (without a port: nginx's `$host` has none), with the origin its links use. */
function hostsOf(docs: PageDoc[]): { host: string; origin: string }[] {
  const seen = new Set<string>()
  return docs.flatMap((doc) =>
    (doc.hosts ?? []).flatMap(({ host: named }) => {
      const host = (named ?? '').replace(/:\d+$/, '')
      if (!HOST_NAME.test(host) || seen.has(host)) return []
      seen.add(host)
      const origin = doc.publicUrl ? new URL(doc.publicUrl).origin : `https://${host}`
      return [{ host, origin }]
    }),
  )
}

/** Reads every page's site into its hosts' trees; what the copies announced, merged. */
export async function collectPages(
  fetch: Fetch,
  now: Date,
  add: AddFile,
  options: { signal?: AbortSignal } = {},
): Promise<Collected> {
  const listed = await fetch('/api/pages?depth=0&limit=100', 'application/json')
  if (listed.status !== 200) throw new OriginError(`/api/pages answered ${listed.status}`)
  const docs = (JSON.parse(listed.body.toString('utf8')) as { docs?: PageDoc[] }).docs ?? []
  let count = 0
  let expiresAt: number | null = null
  for (const { host, origin } of hostsOf(docs)) {
    const under = (file: Parameters<AddFile>[0]) => add({ ...file, file: `${hostTree(host)}/${file.file}` })
    const collected = await collectSite((url, accept) => fetch(url, accept, origin), now, under, options)
    count += collected.count
    if (collected.expiresAt !== null) expiresAt = Math.min(expiresAt ?? Infinity, collected.expiresAt)
  }
  return { count, expiresAt }
}
