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
  hosts?: { host?: string }[] | null
  access?: { mode?: string | null } | null
}

/**
 * Every host a page answers on (without a port: nginx's `$host` has none). Each is read as that host, which is what
 * chooses the page; the copy's links are the page's public URL where it has one (the routes apply it).
 */
function hostsOf(docs: PageDoc[]): string[] {
  const seen = new Set<string>()
  // A private page has no copy: a file server in front would show it to anyone (docs/private-pages.md).
  for (const doc of docs.filter((listed) => listed.access?.mode !== 'private'))
    for (const { host: named } of doc.hosts ?? []) {
      const host = (named ?? '').replace(/:\d+$/, '')
      if (HOST_NAME.test(host)) seen.add(host)
    }
  return [...seen]
}

/** Every page, a hundred at a time (the CMS API's largest page). */
async function listPages(fetch: Fetch): Promise<PageDoc[]> {
  const docs: PageDoc[] = []
  for (let page = 1; ; page++) {
    const listed = await fetch(`/api/pages?depth=0&limit=100&page=${page}&sort=id`, 'application/json')
    if (listed.status !== 200) throw new OriginError(`/api/pages answered ${listed.status}`)
    const body = JSON.parse(listed.body.toString('utf8')) as { docs?: PageDoc[]; hasNextPage?: boolean }
    docs.push(...(body.docs ?? []))
    if (!body.hasNextPage) return docs
  }
}

/** Reads every public page's site into its hosts' trees; what the copies announced, merged. */
export async function collectPages(
  fetch: Fetch,
  now: Date,
  add: AddFile,
  options: { signal?: AbortSignal } = {},
): Promise<Collected> {
  let count = 0
  let expiresAt: number | null = null
  for (const host of hostsOf(await listPages(fetch))) {
    const under = (file: Parameters<AddFile>[0]) => add({ ...file, file: `${hostTree(host)}/${file.file}` })
    const collected = await collectSite((url, accept) => fetch(url, accept, `https://${host}`), now, under, options)
    count += collected.count
    if (collected.expiresAt !== null) expiresAt = Math.min(expiresAt ?? Infinity, collected.expiresAt)
  }
  return { count, expiresAt }
}
