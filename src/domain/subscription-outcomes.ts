/** What the subscription verbs answer (subscribe, verify, unsubscribe), in the words the routes and pages show. */
import type { SubscribeRequest } from './subscription-request'

export type VerifyOutcome = 'verified' | 'already_verified' | 'expired' | 'not_found'

/** A confirmation link stops working after this long; subscribing again sends a new one. */
const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

/** What following a confirmation link does at `now`, for the subscription with its token (null: none has it). */
export function verifyOutcome(
  subscription: {
    active?: boolean | null
    verified?: boolean | null
    confirmationSentAt?: string | null
    createdAt: string
  } | null,
  now: Date,
): VerifyOutcome {
  if (!subscription || !subscription.active) return 'not_found'
  if (subscription.verified) return 'already_verified'
  const sentAt = Date.parse(subscription.confirmationSentAt ?? subscription.createdAt)
  return now.getTime() - sentAt > CONFIRMATION_LIFETIME_MS ? 'expired' : 'verified'
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'not_found'

/**
 * Returned to the caller whatever the address's history was, and whether a confirmation went out now or its
 * recipient is waiting out the resend interval (which the answer names, so that a wait is no surprise).
 */
export function subscribeMessage(type: SubscribeRequest['type'], resendSeconds: number): string {
  const wait = waitWords(resendSeconds)
  return wait ? `${SUBSCRIBED_MESSAGES[type]} ${WAIT_MESSAGES[type](wait)}` : SUBSCRIBED_MESSAGES[type]
}

const CHANNEL_CONFIRMED = 'Thanks! Check the inbox of the e-mail address you gave for a link to confirm the channel.'
const channelWait = (wait: string) =>
  `An address gets at most one confirmation every ${wait}, whichever channel or webhook asks: if none arrives for this one, subscribe it again then.`

const SUBSCRIBED_MESSAGES: Record<SubscribeRequest['type'], string> = {
  email: 'Thanks! Check your inbox for an e-mail with a link to confirm your subscription.',
  sms: 'Thanks! We sent a text message with a link to confirm your subscription.',
  webhook: 'Thanks! Check the inbox of the e-mail address you gave for a link to confirm the webhook.',
  slack: CHANNEL_CONFIRMED,
  discord: CHANNEL_CONFIRMED,
  teams: CHANNEL_CONFIRMED,
}

const WAIT_MESSAGES: Record<SubscribeRequest['type'], (wait: string) => string> = {
  email: (wait) => `An address gets at most one confirmation every ${wait}: if none arrives, subscribe again then.`,
  sms: (wait) => `A number gets at most one confirmation every ${wait}: if none arrives, subscribe again then.`,
  webhook: (wait) =>
    `An address gets at most one confirmation every ${wait}, whichever webhook asks: if none arrives for this one, subscribe it again then.`,
  slack: channelWait,
  discord: channelWait,
  teams: channelWait,
}

/** The resend interval as the answers name it: whole minutes, else seconds (null: no interval). */
export function resendWait(seconds: number): { unit: 'second' | 'minute'; count: number } | null {
  if (seconds <= 0) return null
  return seconds % 60 !== 0 ? { unit: 'second', count: seconds } : { unit: 'minute', count: seconds / 60 }
}

function waitWords(seconds: number): string | null {
  const wait = resendWait(seconds)
  if (!wait) return null
  return wait.count === 1 ? wait.unit : `${wait.count} ${wait.unit}s`
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
