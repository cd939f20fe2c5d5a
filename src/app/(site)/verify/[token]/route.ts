import { manageUrl } from '@/notify/links'
import { confirmationState } from '@/services/subscribers/confirmation-state'
import { verify } from '@/services/subscribers/verify'
import { sitePage } from '@/site/respond'
import { verifyPage } from '@/site/subscription-pages'

export const dynamic = 'force-dynamic'

type Params = { token: string }

/** `/verify/<token>`: what the confirmation link opens. Shows a button; confirming is the POST. */
export const GET = sitePage<Params>(async (_request, { payload, settings }, { token }) => {
  const { outcome } = await confirmationState(payload, token)
  return {
    status: outcome === 'not_found' ? 404 : 200,
    body: verifyPage(settings, outcome, false),
    private: true,
  }
})

export const POST = sitePage<Params>(async (_request, { payload, settings }, { token }) => {
  const { subscriber } = await confirmationState(payload, token)
  const outcome = await verify(payload, token)
  const manage = subscriber?.unsubscribeToken ? manageUrl('', subscriber.unsubscribeToken) : null
  return {
    status: outcome === 'not_found' ? 404 : 200,
    body: verifyPage(settings, outcome, true, manage, Boolean(subscriber?.incidentKey)),
    private: true,
  }
})
