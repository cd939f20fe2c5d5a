/**
 * The pages' addresses as the edge needs them before Next answers: which page a request's rate budgets are spent on,
 * and whether it is private (its reads then bypass the response cache: each reader's access is judged by Next, with
 * the reader's own headers; src/edge/front.ts). Next's reading of the pages (src/settings/pages.ts, once per data version) publishes them here;
 * until it has, and for a host or slug no page has, a request counts against the default page's budgets, so an
 * invented Host or slug never opens a budget of its own.
 */
import { type PageAddressing, pageFor, pageKeyOf } from '@/domain/pages'

import { peekSlot, setSlot } from './state'

declare module './state' {
  interface RuntimeSlots {
    /** The pages' slugs and host names, and whether each is private, as last read. */
    pageDirectory: readonly DirectoryEntry[]
  }
}

interface DirectoryEntry extends PageAddressing {
  private: boolean
}

export function publishPageDirectory(pages: readonly (PageAddressing & { access: { private: boolean } })[]): void {
  setSlot(
    'pageDirectory',
    pages.map(({ id, slug, hosts, access }) => ({ id, slug, hosts, private: access.private })),
  )
}

/** Whether the page a request names is private (false before the pages were first read: Next's gate still holds). */
export function isPrivatePageRequest(slug: string | null, host: string | null): boolean {
  const pages = peekSlot('pageDirectory')
  if (!pages?.length) return false
  return pageFor(pages, { slug, host })?.private === true
}

/** The key (pageKeyOf) of the page a request names by its `/p/<slug>` or its host; 0 (the default page) when none. */
export function pageKeyOfRequest(slug: string | null, host: string | null): number {
  const pages = peekSlot('pageDirectory')
  if (!pages?.length) return 0
  return pageKeyOf(pageFor(pages, { slug, host })?.id ?? null)
}
