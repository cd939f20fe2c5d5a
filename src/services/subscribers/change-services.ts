/** The owner of a subscription chooses the services it covers (the manage page). */
import type { Payload } from 'payload'

import { relationId } from '@/db/relation-id'
import { inTransaction } from '@/db/transaction'
import { pageAudience, scopeOfPage } from '@/settings/pages'

import { findSubscriber, serviceIds } from './internal'

export type ChangeOutcome = 'saved' | 'unsubscribed' | 'not_found'

/**
 * The owner changes which services an active subscription covers (none: everything). The token came in a message
 * to the address, so no new confirmation is needed. Unknown slugs: UnknownServices (a 400 naming them).
 */
export async function changeServices(payload: Payload, token: string, slugs: string[]): Promise<ChangeOutcome> {
  return inTransaction(payload, async (req) => {
    const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }, req) : null
    if (!subscriber) return 'not_found'
    if (!subscriber.active) return 'unsubscribed'
    // Only the services of the subscriber's page (docs/pages.md).
    const page = await pageAudience(payload, await scopeOfPage(payload, relationId(subscriber.page)))
    const services = await serviceIds(req, [...new Set(slugs)], page.serviceIds)
    await payload.update({
      collection: 'subscribers',
      id: subscriber.id,
      data: { services },
      overrideAccess: true,
      depth: 0,
      req,
    })
    return 'saved'
  })
}
