import { unsubscribe } from '@/services/subscribers/unsubscribe'
import { unsubscribeState } from '@/services/subscribers/unsubscribe-state'
import { manageUrl } from '@/notify/links'
import { sitePage } from '@/site/respond'
import { unsubscribePage } from '@/site/subscription-pages'

export const dynamic = 'force-dynamic'

type Params = { token: string }

/** `/unsubscribe/<token>`: the link in every notification. Shows a one-click button; unsubscribing is the POST. */
export const GET = sitePage<Params>(async (_request, { payload, settings }, { token }) => {
  const { outcome, subscriber } = await unsubscribeState(payload, token)
  const address = subscriber ? (subscriber.email ?? subscriber.phone ?? null) : null
  return {
    status: outcome === 'not_found' ? 404 : 200,
    body: unsubscribePage(settings, outcome, false, address, subscriber ? manageUrl('', token) : null),
    private: true,
  }
})

/**
 * The page's button, and RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the
 * address in the List-Unsubscribe header, without opening the page. The body is not needed: the token says who.
 */
export const POST = sitePage<Params>(async (_request, { payload, settings }, { token }) => {
  const outcome = await unsubscribe(payload, token)
  return {
    status: outcome === 'not_found' ? 404 : 200,
    body: unsubscribePage(settings, outcome, true, null),
    private: true,
  }
})
