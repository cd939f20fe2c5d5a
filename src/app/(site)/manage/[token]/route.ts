import { readBodyText } from '@/notify/endpoint'
import { tOf } from '@/i18n/translate'
import { changeServices } from '@/services/subscribers/change-services'
import { UnknownServices } from '@/services/subscribers/internal'
import { managedSubscription } from '@/services/subscribers/managed-subscription'
import { unsubscribe } from '@/services/subscribers/unsubscribe'
import { statusSummary } from '@/public-api/read-model'
import { sitePage, type SiteContext } from '@/site/respond'
import { managePage, type ManageState, unknownServicesText } from '@/site/subscription-pages'

export const dynamic = 'force-dynamic'

type Params = { token: string }

async function render(
  { payload, links, page, settings }: SiteContext,
  token: string,
  extra: Partial<ManageState> & { status?: number } = {},
) {
  const [managed, summary] = await Promise.all([
    managedSubscription(payload, token, settings.language?.locale),
    statusSummary(payload, links, page),
  ])
  const { status, ...messages } = extra
  const state: ManageState | null = managed
    ? {
        address: managed.subscriber.email ?? managed.subscriber.phone ?? '',
        active: managed.subscriber.active ?? false,
        services: managed.services,
        ...(managed.following !== undefined && {
          following: managed.following
            ? { title: managed.following.title, path: `/i/${managed.following.shortId}` }
            : { title: null, path: null },
        }),
        ...messages,
      }
    : null
  return {
    status: state ? (status ?? 200) : 404,
    body: managePage(settings, summary.serviceGroups, state),
    private: true,
  }
}

/** `/manage/<token>`: the link in every message (the subscriber's unsubscribe token): change services, or leave. */
export const GET = sitePage<Params>(async (_request, context, { token }) => render(context, token))

/** The page's two forms: `action=save` with the checked `services`, or `action=unsubscribe`. */
export const POST = sitePage<Params>(async (request, context, { token }) => {
  const t = tOf(context.settings)
  const text = await readBodyText(request)
  if (text === null) return render(context, token, { status: 400, error: t('forms.problem.tooLarge') })
  const form = new URLSearchParams(text)
  const action = form.get('action')
  if (action === 'unsubscribe') {
    const outcome = await unsubscribe(context.payload, token)
    return render(context, token, { notice: t(`forms.unsubscribe.message.${outcome}`) })
  }
  if (action !== 'save') return render(context, token, { status: 400, error: t('forms.manage.badAction') })
  try {
    const outcome = await changeServices(context.payload, token, form.getAll('services'))
    if (outcome === 'unsubscribed') return render(context, token, { status: 409, error: t('forms.manage.cancelled') })
    return render(context, token, { notice: t('forms.manage.saved') })
  } catch (failure) {
    if (!(failure instanceof UnknownServices)) throw failure
    return render(context, token, { status: 400, error: unknownServicesText(t, failure.slugs) })
  }
})
