/**
 * Subscribing, which the JSON endpoint and the subscribe form call (verify.ts, unsubscribe.ts and change-services.ts
 * beside it are the other subscription verbs). Double opt-in: a new or returning address is stored unverified and gets
 * a confirmation with a token; only verified, active subscribers are notified.
 *
 * Nothing here tells a caller whether an address was known: subscribe answers the same for a new address, a
 * pending one and a confirmed one.
 */
import type { Payload, PayloadRequest, Where } from 'payload'

import { env } from '@/config/env'
import { inTransaction } from '@/db/transaction'
import { CHANNEL_RULES, isUrlChannel } from '@/domain/channels'
import { type AnyLocale, DEFAULT_LOCALE, isLocale, type Locale } from '@/domain/locales'
import { pageChannelRefusal, subscriberAddressRefusal } from '@/domain/page-access'
import { DEFAULT_AUDIENCE, type PageAudience, pageKeyOf } from '@/domain/pages'
import { BadRequest } from '@/errors'
import { destinationProblem } from '@/net/outbound-url'
import {
  type ConfirmationRecipient,
  confirmationRecipient,
  requestAddress,
  type SubscribeRequest,
} from '@/domain/subscription-request'

import { SEND_CONFIRMATION_TASK, NOTIFICATION_QUEUE } from '@/notify/queue'

import { findSubscriber, incidentOnPage, lockRecipient, NotFollowable, serviceIds } from './internal'

export interface SubscribeContext {
  /** The client's address, kept on a new subscriber as its creation address. */
  clientAddress?: string
  /** The page subscribed to (docs/pages.md): one address may follow several, each its own subscription. */
  page?: PageAudience
  /**
   * The language of the request (docs/languages.md): what the subscriber is sent everything in. Without one (or with
   * the tests' pseudo-locale), English.
   */
  language?: AnyLocale
  now?: Date
}

/**
 * Subscribes an address, to its page or (`request.incident`) to one incident of it: a follower hears only that
 * incident's updates and its resolution, and is ended once the resolution is sent (src/notify/followers.ts). A
 * follower is a subscription of its own beside the address's subscription to the page. New: stored unverified,
 * confirmation sent. Unsubscribed before: back to unverified with a
 * new confirmation token (a webhook also with a new signing secret, and its former contact, when another, is told).
 * Pending: confirmation sent again with the new service choice. Confirmed and active: nothing changes (an
 * unconfirmed request cannot change a confirmed subscription). Whoever receives the confirmation gets at most one
 * per resend interval: a new subscription asked for within it is stored without one, a returning or pending one
 * is left as it was.
 */
export async function subscribe(
  payload: Payload,
  request: SubscribeRequest,
  context: SubscribeContext = {},
): Promise<void> {
  const now = context.now ?? new Date()
  const field = CHANNEL_RULES[request.type].addressField
  // The request's own fields (the address, and a webhook's contact e-mail) are the subscriber's.
  // And the language it was made in: a pending or returning subscriber asking again takes its new request's (a
  // confirmed one keeps its own).
  const {
    type: _type,
    services: _services,
    incident: _incident,
    ...fields
  } = request as SubscribeRequest & {
    incident?: string
  }
  const address = { ...fields, language: isLocale(context.language) ? context.language : DEFAULT_LOCALE }
  const page = context.page ?? DEFAULT_AUDIENCE
  const refused = pageChannelRefusal(page, request.type)
  if (refused) throw new BadRequest(refused, 'type')
  const foreign = page.access && request.type === 'email' ? subscriberAddressRefusal(page.access, request.email) : null
  if (foreign) throw new BadRequest(foreign, 'email')
  // An address the server may never send to is refused now; a name is resolved, and checked again, when it is sent to.
  const destination = isUrlChannel(request.type) ? destinationProblem(requestAddress(request)) : null
  if (destination) throw new BadRequest(`url ${destination}`, 'url')
  const incident = 'incident' in request && request.incident ? await followable(payload, request.incident, page) : 0
  const where: Where = {
    and: [
      { [field]: { equals: requestAddress(request) } },
      { type: { equals: request.type } },
      { pageKey: { equals: pageKeyOf(page.id) } },
      { incidentKey: { equals: incident } },
    ],
  }
  try {
    await subscribeOnce(payload, request, { ...context, page, incident }, now, address, where)
  } catch (error) {
    // Two requests for one new address at once: the other one created it and queued its confirmation.
    if (isDuplicateAddress(error)) return
    throw error
  }
}

/** The id of the incident a request follows: one the page shows, not resolved yet (else NotFollowable, a 400). */
async function followable(payload: Payload, shortId: string, page: PageAudience): Promise<number> {
  const found = await incidentOnPage(payload, shortId, page.id)
  if (!found) throw new NotFollowable('unknown', shortId)
  if (found.status === 'resolved') throw new NotFollowable('resolved', shortId)
  return found.id
}

function isDuplicateAddress(error: unknown): boolean {
  const { name, data } = error as { name?: string; data?: { errors?: { path?: string }[] } }
  const fields = new Set<string>(Object.values(CHANNEL_RULES).map((rules) => rules.addressField))
  // PostgreSQL's unique index of an address and its page names both columns ("email, page_key").
  return (
    name === 'ValidationError' &&
    (data?.errors ?? []).some((e) => e.path !== undefined && fields.has(e.path.split(',')[0].trim()))
  )
}

async function subscribeOnce(
  payload: Payload,
  request: SubscribeRequest,
  context: SubscribeContext & { page: PageAudience; incident: number },
  now: Date,
  address: Omit<SubscribeRequest, 'type' | 'services'> & { language: Locale },
  where: Where,
): Promise<void> {
  await inTransaction(payload, async (req) => {
    const services = await serviceIds(req, request.services, context.page.serviceIds)
    const existing = await findSubscriber(payload, where, req)
    if (existing?.active && existing.verified) return
    // A pending subscriber's confirmation goes where it went before; any other to the address in the request.
    const recipient = confirmationRecipient(existing?.active ? existing : request)
    if (recipient) await lockRecipient(req, recipient)
    const confirm = !recipient || !(await recentlyAsked(req, recipient, context.page, now))
    let id: number
    let formerContact: string | undefined
    if (!existing) {
      // Stored even when its recipient is waiting out the interval: subscribing again later sends its confirmation.
      const created = await createSubscriber(req, request, context, address, services, confirm ? now : null)
      if (!confirm) return
      id = created
    } else if (!confirm) {
      // A returning subscriber is taken back only with its confirmation: a webhook's former contact is told then.
      return
    } else if (!existing.active) {
      await payload.update({
        collection: 'subscribers',
        id: existing.id,
        data: {
          type: request.type,
          ...address,
          // Its key names the incident; the reference may have been emptied when an incident of that id was deleted.
          ...(context.incident ? { incident: context.incident } : {}),
          services,
          verified: false,
          verifiedAt: null,
          active: true,
          unsubscribedAt: null,
          confirmationRequestedAt: now.toISOString(),
          confirmationSentAt: null,
        },
        overrideAccess: true,
        depth: 0,
        req,
        // Tokens are the server's: only this write may give a subscriber a new one (src/cms/context.ts), and a
        // webhook a new signing secret (src/collections/Subscribers/hooks/signing-secret.ts).
        context: { rotateConfirmationToken: true },
      })
      id = existing.id
      // Whoever held the endpoint before may still trust it: they hear that it changed hands.
      if (request.type === 'webhook' && existing.contactEmail && existing.contactEmail !== request.contactEmail)
        formerContact = existing.contactEmail
    } else {
      await payload.update({
        collection: 'subscribers',
        id: existing.id,
        data: { services, language: address.language, confirmationRequestedAt: now.toISOString() },
        overrideAccess: true,
        depth: 0,
        req,
      })
      id = existing.id
    }
    await payload.jobs.queue({
      task: SEND_CONFIRMATION_TASK,
      input: { subscriber: id, requestedAt: now.toISOString(), ...(formerContact ? { formerContact } : {}) },
      queue: NOTIFICATION_QUEUE,
      req,
    })
  })
}

/** A new subscriber, pending its confirmation (`requestedAt`: when it was asked for; null: it waits its turn). */
async function createSubscriber(
  req: PayloadRequest,
  request: SubscribeRequest,
  context: SubscribeContext & { page: PageAudience; incident: number },
  address: Omit<SubscribeRequest, 'type' | 'services'> & { language: Locale },
  services: number[],
  requestedAt: Date | null,
): Promise<number> {
  const created = await req.payload.create({
    collection: 'subscribers',
    data: {
      type: request.type,
      ...address,
      page: context.page.id,
      ...(context.incident ? { incident: context.incident } : {}),
      services,
      verified: false,
      active: true,
      createdFromAddress: context.clientAddress?.slice(0, 64),
      confirmationRequestedAt: requestedAt?.toISOString() ?? null,
    },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return created.id
}

/**
 * Whether any subscription asked for, or was sent, a confirmation to this recipient within the resend interval.
 * Subscriptions stored while it waited have no request time, so they do not make the wait longer.
 *
 * An address gets at most one confirmation per SUBSCRIBE_RESEND_SECONDS (default 300), whichever of its
 * subscriptions asks: an e-mail subscription, or any number of webhooks giving it as their contact. The per-address
 * rate limit is per client address; this one protects the owner of an address from a stranger who asks from many
 * places, for many URLs.
 */
async function recentlyAsked(
  req: PayloadRequest,
  recipient: ConfirmationRecipient,
  page: PageAudience,
  now: Date,
): Promise<boolean> {
  const interval = env().SUBSCRIBE_RESEND_SECONDS * 1000
  if (interval <= 0) return false
  const since = new Date(now.getTime() - interval).toISOString()
  const to: Where =
    recipient.kind === 'phone'
      ? { phone: { equals: recipient.address } }
      : { or: [{ email: { equals: recipient.address } }, { contactEmail: { equals: recipient.address } }] }
  const { totalDocs } = await req.payload.count({
    collection: 'subscribers',
    where: {
      and: [
        to,
        // Per page: following a second page asks its own confirmation (a stranger gains one per page, no more).
        { pageKey: { equals: pageKeyOf(page.id) } },
        { or: [{ confirmationRequestedAt: { greater_than: since } }, { confirmationSentAt: { greater_than: since } }] },
      ],
    },
    overrideAccess: true,
    req,
  })
  return totalDocs > 0
}
