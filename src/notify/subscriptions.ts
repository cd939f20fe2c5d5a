/**
 * The subscription verbs every surface calls (the JSON endpoints, the subscribe form, the verify and unsubscribe
 * pages): subscribe, verify, unsubscribe. Double opt-in: a new or returning address is stored unverified and gets
 * a confirmation with a token; only verified, active subscribers are notified.
 *
 * Nothing here tells a caller whether an address was known: subscribe answers the same for a new address, a
 * pending one and a confirmed one.
 */
import type { Payload, PayloadRequest, Where } from 'payload'

import { type Env, env } from '../config/env'
import { inTransaction } from '../db/transaction'
import { CHANNEL_RULES } from '../domain/channels'
import { requestAddress, type SubscribeRequest } from '../domain/subscription-request'
import { BadRequest } from '../errors'
import type { Subscriber } from '../payload-types'

import { SEND_CONFIRMATION_TASK, NOTIFICATION_QUEUE } from './queue'

/** Returned to the caller whatever the address's history was. */
export function subscribeMessage(type: SubscribeRequest['type']): string {
  return SUBSCRIBED_MESSAGES[type]
}

const SUBSCRIBED_MESSAGES: Record<SubscribeRequest['type'], string> = {
  email: 'Thanks! Check your inbox for an e-mail with a link to confirm your subscription.',
  sms: 'Thanks! We sent a text message with a link to confirm your subscription.',
  webhook: 'Thanks! Check the inbox of the e-mail address you gave for a link to confirm the webhook.',
}

/** A confirmation link stops working after this long; subscribing again sends a new one. */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

/**
 * A pending address gets at most one confirmation per this many seconds (SUBSCRIBE_RESEND_SECONDS, default 300).
 * The per-address rate limit is per client address; this one protects the owner of an address from a stranger
 * who asks from many.
 */
export function resendIntervalMs(settings: Env = env()): number {
  return settings.SUBSCRIBE_RESEND_SECONDS * 1000
}

export class UnknownServices extends BadRequest {
  constructor(readonly slugs: string[]) {
    super(`services: no service has the slug ${slugs.map((s) => `"${s}"`).join(', ')}`)
  }
}


async function serviceIds(req: PayloadRequest, slugs: string[]): Promise<number[]> {
  if (slugs.length === 0) return []
  const { docs } = await req.payload.find({ collection: 'services', where: { slug: { in: slugs } }, select: { slug: true }, pagination: false, depth: 0, overrideAccess: true, req })
  const missing = slugs.filter((slug) => !docs.some((doc) => doc.slug === slug))
  if (missing.length) throw new UnknownServices(missing)
  return docs.map((doc) => doc.id)
}

async function findSubscriber(payload: Payload, where: Where, req?: PayloadRequest): Promise<Subscriber | null> {
  const { docs } = await payload.find({ collection: 'subscribers', where, limit: 1, pagination: false, depth: 0, overrideAccess: true, showHiddenFields: true, req })
  return docs[0] ?? null
}

export interface SubscribeContext {
  /** The client's address, kept on a new subscriber as its creation address. */
  clientAddress?: string
  now?: Date
}

/**
 * Subscribes an address. New: stored unverified, confirmation sent. Unsubscribed before: back to unverified with a
 * new confirmation token. Pending: confirmation sent again (at most every 5 minutes) with the new service choice.
 * Confirmed and active: nothing changes (an unconfirmed request cannot change a confirmed subscription).
 */
export async function subscribe(payload: Payload, request: SubscribeRequest, context: SubscribeContext = {}): Promise<void> {
  const now = context.now ?? new Date()
  const field = CHANNEL_RULES[request.type].addressField
  // The request's own fields (the address, and a webhook's contact e-mail) are the subscriber's.
  const { type: _type, services: _services, ...address } = request
  const where: Where = { and: [{ [field]: { equals: requestAddress(request) } }, { type: { equals: request.type } }] }
  try {
    await subscribeOnce(payload, request, context, now, address, where)
  } catch (error) {
    // Two requests for one new address at once: the other one created it and queued its confirmation.
    if (isDuplicateAddress(error)) return
    throw error
  }
}

function isDuplicateAddress(error: unknown): boolean {
  const { name, data } = error as { name?: string; data?: { errors?: { path?: string }[] } }
  const fields = new Set<string>(Object.values(CHANNEL_RULES).map((rules) => rules.addressField))
  return name === 'ValidationError' && (data?.errors ?? []).some((e) => e.path !== undefined && fields.has(e.path))
}

async function subscribeOnce(payload: Payload, request: SubscribeRequest, context: SubscribeContext, now: Date, address: Omit<SubscribeRequest, 'type' | 'services'>, where: Where): Promise<void> {
  await inTransaction(payload, async (req) => {
    const services = await serviceIds(req, request.services)
    const existing = await findSubscriber(payload, where, req)
    let id: number
    if (!existing) {
      const created = await payload.create({
        collection: 'subscribers',
        data: { type: request.type, ...address, services, verified: false, active: true, createdFromAddress: context.clientAddress?.slice(0, 64), confirmationRequestedAt: now.toISOString() },
        overrideAccess: true,
        depth: 0,
        req,
      })
      id = created.id
    } else if (!existing.active) {
      await payload.update({
        collection: 'subscribers',
        id: existing.id,
        data: { type: request.type, ...address, services, verified: false, verifiedAt: null, active: true, unsubscribedAt: null, confirmationRequestedAt: now.toISOString(), confirmationSentAt: null },
        overrideAccess: true,
        depth: 0,
        req,
        // Tokens are the server's: only this write may give a subscriber a new one (src/cms/context.ts).
        context: { rotateConfirmationToken: true },
      })
      id = existing.id
    } else if (!existing.verified) {
      const asked = existing.confirmationRequestedAt ?? existing.confirmationSentAt
      const last = asked ? Date.parse(asked) : 0
      if (now.getTime() - last < resendIntervalMs()) return
      await payload.update({ collection: 'subscribers', id: existing.id, data: { services, confirmationRequestedAt: now.toISOString() }, overrideAccess: true, depth: 0, req })
      id = existing.id
    } else {
      return
    }
    await payload.jobs.queue({ task: SEND_CONFIRMATION_TASK, input: { subscriber: id }, queue: NOTIFICATION_QUEUE, req })
  })
}

export type VerifyOutcome = 'verified' | 'already_verified' | 'expired' | 'not_found'

/** What a confirmation token would do now, without doing it (the verify page shows this before the click). */
export async function confirmationState(payload: Payload, token: string, now = new Date()): Promise<{ outcome: VerifyOutcome; subscriber: Subscriber | null }> {
  const subscriber = token ? await findSubscriber(payload, { verificationToken: { equals: token } }) : null
  if (!subscriber || !subscriber.active) return { outcome: 'not_found', subscriber: null }
  if (subscriber.verified) return { outcome: 'already_verified', subscriber }
  const sentAt = Date.parse(subscriber.confirmationSentAt ?? subscriber.createdAt)
  if (now.getTime() - sentAt > CONFIRMATION_LIFETIME_MS) return { outcome: 'expired', subscriber }
  return { outcome: 'verified', subscriber }
}

export async function verify(payload: Payload, token: string, now = new Date()): Promise<VerifyOutcome> {
  const { outcome, subscriber } = await confirmationState(payload, token, now)
  if (outcome !== 'verified' || !subscriber) return outcome
  await payload.update({ collection: 'subscribers', id: subscriber.id, data: { verified: true, verifiedAt: now.toISOString() }, overrideAccess: true, depth: 0 })
  return 'verified'
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'not_found'

export async function unsubscribeState(payload: Payload, token: string): Promise<{ outcome: UnsubscribeOutcome; subscriber: Subscriber | null }> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return { outcome: 'not_found', subscriber: null }
  return { outcome: subscriber.active ? 'unsubscribed' : 'already_unsubscribed', subscriber }
}

export async function unsubscribe(payload: Payload, token: string, now = new Date()): Promise<UnsubscribeOutcome> {
  const { outcome, subscriber } = await unsubscribeState(payload, token)
  if (outcome !== 'unsubscribed' || !subscriber) return outcome
  await payload.update({ collection: 'subscribers', id: subscriber.id, data: { active: false, unsubscribedAt: now.toISOString() }, overrideAccess: true, depth: 0 })
  return 'unsubscribed'
}

/** A subscription as its owner manages it (the token of the links in every message): who, and which services. */
export interface ManagedSubscription {
  subscriber: Subscriber
  /** The slugs of the services it is limited to; empty: every service. */
  services: string[]
}

export async function managedSubscription(payload: Payload, token: string): Promise<ManagedSubscription | null> {
  const subscriber = token ? await findSubscriber(payload, { unsubscribeToken: { equals: token } }) : null
  if (!subscriber) return null
  const ids = (subscriber.services ?? []).map((s) => (typeof s === 'object' ? s.id : s))
  if (ids.length === 0) return { subscriber, services: [] }
  const { docs } = await payload.find({ collection: 'services', where: { id: { in: ids } }, select: { slug: true }, pagination: false, depth: 0, overrideAccess: true })
  return { subscriber, services: docs.map((doc) => doc.slug ?? '').filter(Boolean) }
}

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
    const services = await serviceIds(req, [...new Set(slugs)])
    await payload.update({ collection: 'subscribers', id: subscriber.id, data: { services }, overrideAccess: true, depth: 0, req })
    return 'saved'
  })
}

export const VERIFY_MESSAGES: Record<VerifyOutcome, string> = {
  verified: 'Your subscription is confirmed. You will hear about incidents and maintenances.',
  already_verified: 'Your subscription was already confirmed.',
  expired: 'This confirmation link has expired. Subscribe again to get a new one.',
  not_found: 'This confirmation link is not valid. It may have been mistyped, or the subscription was cancelled.',
}

export const UNSUBSCRIBE_MESSAGES: Record<UnsubscribeOutcome, string> = {
  unsubscribed: 'You are unsubscribed and will receive no more notifications.',
  already_unsubscribed: 'You were already unsubscribed.',
  not_found: 'This unsubscribe link is not valid. It may have been mistyped.',
}
