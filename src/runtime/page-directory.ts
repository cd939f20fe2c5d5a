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
    /** The pages' slugs and host names, whether each is private, and whether the default page is, as last read. */
    pageDirectory: Directory
  }
}

interface DirectoryEntry extends PageAddressing {
  private: boolean
}

interface Directory {
  pages: readonly DirectoryEntry[]
  defaultPrivate: boolean
}

export function publishPageDirectory(
  pages: readonly (PageAddressing & { access: { private: boolean } })[],
  defaultPrivate: boolean,
): void {
  setSlot('pageDirectory', {
    pages: pages.map(({ id, slug, hosts, access }) => ({ id, slug, hosts, private: access.private })),
    defaultPrivate,
  })
}

/** A request's page as the edge sees it: its key (pageKeyOf, 0 the default page), and whether it is private. */
export interface DirectoryPage {
  key: number
  private: boolean
}

const PUBLIC_DEFAULT_PAGE: DirectoryPage = { key: 0, private: false }
const PRIVATE_DEFAULT_PAGE: DirectoryPage = { key: 0, private: true }

/**
 * The page a request names by its `/p/<slug>` or its host, looked up once per request; the default page when none
 * does, or before Next first read the pages (Next's gate still judges a private page's reads then). `named` gives
 * the slug and host: asked only when there are pages, so a site without any spends nothing on it.
 */
export function directoryPage(named: () => [slug: string | null, host: string | null]): DirectoryPage {
  const directory = peekSlot('pageDirectory')
  const defaultPage = directory?.defaultPrivate ? PRIVATE_DEFAULT_PAGE : PUBLIC_DEFAULT_PAGE
  if (!directory?.pages.length) return defaultPage
  const [slug, host] = named()
  const page = pageFor(directory.pages, { slug, host })
  return page ? { key: pageKeyOf(page.id), private: page.private } : defaultPage
}
