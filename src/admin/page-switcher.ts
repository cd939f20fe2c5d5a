/**
 * The admin's page switcher above the incident and maintenance lists (docs/pages.md): All pages, the default page and
 * every other page, each a link to the list filtered to what that page shows, with the page as visitors see it beside
 * it. The filter is the `where` the public lists and a limited editor's access use (src/settings/pages.ts), given to
 * Payload's list view in the URL. An editor limited to pages is offered its pages only.
 */
import type { Payload, TypedUser, Where } from 'payload'

import { editorPages } from '@/access/page-editors'
import { pageViewUrl } from '@/domain/pages'
import type { AdminText } from '@/i18n/admin-text'
import { serverAdminText } from '@/i18n/admin-translations'
import { shownOnPagesWhere } from '@/settings/page-where'
import { loadPages, pageServiceIds, scopeOfPage } from '@/settings/pages'
import { siteSettings } from '@/settings/site-settings'

export interface PageChoice {
  label: string
  /** The list filtered to what the page shows (All pages: not filtered). */
  href: string
  /** The page as visitors see it; null for All pages. */
  viewUrl: string | null
  /** Whether the list shown is this one. */
  current: boolean
}

type SearchParams = Record<string, unknown> | undefined

/**
 * Payload's admin reads the URL's query with qs, which turns an array of more than 20 items into an object; Payload's
 * `in` also takes the values as one comma-separated string, which a long list is written as.
 */
const QS_ARRAY_LIMIT = 20

/** A value as the `key[a][0]=…` pairs of a URL's query. */
function queryPairs(value: unknown, key: string, pairs: [string, string][] = []): [string, string][] {
  if (Array.isArray(value) && value.length > QS_ARRAY_LIMIT && value.every((item) => typeof item !== 'object'))
    pairs.push([key, value.join(',')])
  else if (value !== null && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) queryPairs(item, `${key}[${name}]`, pairs)
  else pairs.push([key, String(value)])
  return pairs
}

/** The `where` of a list's URL as sorted pairs, whether the query came parsed or as flat `where[…]` keys. */
function wherePairs(searchParams: SearchParams): string {
  const pairs = Object.entries(searchParams ?? {})
    .filter(([key]) => key === 'where' || key.startsWith('where['))
    .flatMap(([key, value]) => queryPairs(value, key))
  return JSON.stringify(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/**
 * The switcher for a list of `collection`, or [] when there is nothing to switch between (no page but the default);
 * All pages named in the operator's language (`t`, English by default), the pages by their names.
 */
export async function pageChoices(
  payload: Payload,
  user: TypedUser | null | undefined,
  collection: 'incidents' | 'maintenances',
  searchParams: SearchParams,
  t: AdminText['t'] = serverAdminText({ language: 'en' }).t,
): Promise<PageChoice[]> {
  const { pages } = await loadPages(payload)
  if (!pages.length) return []
  const limitedTo = editorPages(user)
  const listed: { id: number | null; name: string; viewUrl: string }[] = [
    ...(limitedTo ? [] : [{ id: null, name: (await siteSettings(payload)).siteName, viewUrl: '/' }]),
    ...pages
      .filter((page) => !limitedTo || limitedTo.includes(page.id))
      .map((page) => ({ id: page.id, name: page.name, viewUrl: pageViewUrl(page) })),
  ]
  const list = `${payload.config.routes.admin}/collections/${collection}`
  const shownNow = wherePairs(searchParams)
  let marked = false
  const choice = (label: string, where: Where | null, viewUrl: string | null): PageChoice => {
    const pairs = where ? queryPairs(where, 'where') : []
    // The default page showing everything lists what All pages does: All pages is the one marked.
    const current = !marked && wherePairs(Object.fromEntries(pairs)) === shownNow
    marked ||= current
    return { label, href: pairs.length ? `${list}?${new URLSearchParams(pairs)}` : list, viewUrl, current }
  }
  const choices = [choice(t(limitedTo ? 'admin.ui.pageSwitcher.allYours' : 'admin.ui.pageSwitcher.all'), null, null)]
  for (const page of listed) {
    const services = await pageServiceIds(payload, await scopeOfPage(payload, page.id))
    choices.push(choice(page.name, services && shownOnPagesWhere([page.id], services), page.viewUrl))
  }
  return choices
}
