/**
 * What POST /api/subscribe, /api/subscribe/verify and /api/unsubscribe accept, with a message that says what is
 * wrong for everything they refuse. Pure: the routes and the subscribe form both parse through here.
 */
import { isE164, isEmailAddress, normaliseEmail } from './contact'
import { CHANNEL_RULES } from './channels'
import { type ChatChannel, type ChatOrigins, chatUrlExample, isChatWebhookUrl } from './chat-urls'
import type { Channel } from './notifications'
import { forbiddenControlCharacter } from './text'

export type SubscribeRequest =
  /** `incident`: the short id of the one incident it follows (Statuspage's incident subscription); else the page. */
  | { type: 'email'; email: string; services: string[]; incident?: string }
  | { type: 'sms'; phone: string; services: string[]; incident?: string }
  /**
   * A webhook, or a visitor's Slack, Discord or Teams channel, confirmed through (and reporting its failures to)
   * `contactEmail`.
   */
  | { type: 'webhook' | ChatChannel; url: string; contactEmail: string; services: string[] }

/** The address a request subscribes: the value of its channel's address field (src/domain/channels.ts). */
export function requestAddress(request: SubscribeRequest): string {
  return (request as unknown as Record<string, string>)[CHANNEL_RULES[request.type].addressField]
}

/** Who receives a subscription's confirmation: an inbox (an e-mail subscriber's, a webhook's contact) or a phone. */
export type ConfirmationRecipient = { kind: 'email' | 'phone'; address: string }

/**
 * The recipient of a request's or a stored subscriber's confirmation. The resend interval holds per recipient,
 * whichever of its subscriptions asks: an inbox given for six webhooks is still one inbox.
 */
export function confirmationRecipient(subscription: {
  type: Channel
  email?: string | null
  phone?: string | null
  contactEmail?: string | null
}): ConfirmationRecipient | null {
  const by = CHANNEL_RULES[subscription.type].confirmBy ?? subscription.type
  if (by === 'sms') return subscription.phone ? { kind: 'phone', address: subscription.phone } : null
  if (by !== 'email') return null
  const inbox = subscription.type === 'email' ? subscription.email : subscription.contactEmail
  return inbox ? { kind: 'email', address: normaliseEmail(inbox) } : null
}

/**
 * What is wrong with a subscription by the site's own form (e-mail or SMS), for its page to say in the reader's
 * language; the message says the same in English, for the APIs.
 */
export type SubscribeProblem =
  | { kind: 'email-required' | 'email-invalid' | 'phone-required' | 'url-required' | 'url-invalid' }
  | { kind: 'phone-invalid'; example: string }
  | { kind: 'services'; max: number }
  | { kind: 'chat-url'; channel: ChatChannel; example: string }
  | { kind: 'incident-channel' | 'incident-services' }

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; problem?: SubscribeProblem }

const MAX_SERVICES = 100
const MAX_SLUG = 200
const MAX_TOKEN = 200
export const MAX_URL = 2000

const refuse = (
  message: string,
  problem?: SubscribeProblem,
): { ok: false; message: string; problem?: SubscribeProblem } =>
  problem ? { ok: false, message, problem } : { ok: false, message }

const PHONE_EXAMPLE = '+14155550123'
const PHONE_INVALID = refuse(`phone must be an E.164 number such as ${PHONE_EXAMPLE}`, {
  kind: 'phone-invalid',
  example: PHONE_EXAMPLE,
})

function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
}

function parseServices(value: unknown): Parsed<string[]> {
  if (value === undefined || value === null) return { ok: true, value: [] }
  const list = typeof value === 'string' ? [value] : value
  const isSlugLike = (s: unknown) =>
    typeof s === 'string' && s.length > 0 && s.length <= MAX_SLUG && !forbiddenControlCharacter(s)
  if (!Array.isArray(list) || list.length > MAX_SERVICES || !list.every(isSlugLike)) {
    return refuse(`services must be a list of at most ${MAX_SERVICES} service slugs`, {
      kind: 'services',
      max: MAX_SERVICES,
    })
  }
  return { ok: true, value: [...new Set(list as string[])] }
}

function parseEmailAddress(email: unknown, required = 'email is required'): Parsed<string> {
  if (email === undefined || email === null || email === '') return refuse(required, { kind: 'email-required' })
  if (typeof email !== 'string') return refuse('email must be a string', { kind: 'email-invalid' })
  const invalid = refuse('email must be a valid e-mail address', { kind: 'email-invalid' })
  if (forbiddenControlCharacter(email)) return invalid
  const normalised = normaliseEmail(email)
  if (!isEmailAddress(normalised)) return invalid
  return { ok: true, value: normalised }
}

function parseEmail(body: Record<string, unknown>, services: string[]): Parsed<SubscribeRequest> {
  const email = parseEmailAddress(body.email)
  return email.ok ? { ok: true, value: { type: 'email', email: email.value, services } } : email
}

/**
 * One endpoint, one spelling: what is never sent (the fragment) or names the same endpoint another way (an
 * upper-case host, the scheme's default port, a trailing dot after the host, a `?` with no query) is dropped, so an
 * endpoint subscribed under several spellings is one subscriber, and hears each event once. Anything that is not a
 * URL is returned as it is, for validation to refuse.
 */
export function normaliseEndpoint(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return url
  }
  parsed.hash = ''
  if (!parsed.search) parsed.search = ''
  const host = parsed.hostname.toLowerCase().replace(/\.+$/, '')
  if (host && host !== parsed.hostname) parsed.hostname = host
  if (parsed.port === DEFAULT_PORTS[parsed.protocol]) parsed.port = ''
  return parsed.href
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

/** A URL's shape only; whether the server may send to it is the outbound policy's (src/net/outbound-url.ts). */
export function parseWebhookUrl(url: unknown): Parsed<string> {
  const invalid = (message: string) => refuse(message, { kind: 'url-invalid' })
  if (url === undefined || url === null || url === '')
    return refuse('url is required for webhook subscriptions', { kind: 'url-required' })
  if (typeof url !== 'string' || url.length > MAX_URL || forbiddenControlCharacter(url))
    return invalid(`url must be an https:// URL of at most ${MAX_URL} characters`)
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return invalid('url must be a full URL, such as https://hooks.example.com/status')
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return invalid('url must use https://')
  if (parsed.username || parsed.password) return invalid('url must not carry a user name or password')
  return { ok: true, value: normaliseEndpoint(parsed.href) }
}

/** What a visitor's subscription request is read with besides its body. */
export interface ParseOptions {
  /** Origins that stand in for the chat services' own hosts (CHAT_WEBHOOK_ORIGINS). */
  chatOrigins?: ChatOrigins
}

/** An endpoint (a webhook, or a chat channel of the service's own shape) and the e-mail address that confirms it. */
function parseEndpoint(type: 'webhook' | ChatChannel) {
  return (body: Record<string, unknown>, services: string[], options: ParseOptions): Parsed<SubscribeRequest> => {
    const url = parseWebhookUrl(body.url)
    if (!url.ok) return url
    if (type !== 'webhook' && !isChatWebhookUrl(type, url.value, options.chatOrigins)) {
      const example = chatUrlExample(type)
      return refuse(`url must be a ${CHANNEL_RULES[type].label} incoming-webhook address, such as ${example}`, {
        kind: 'chat-url',
        channel: type,
        example,
      })
    }
    const email = parseEmailAddress(
      body.email,
      `email is required: it confirms the ${type === 'webhook' ? 'webhook' : 'channel'} and receives its failure notices`,
    )
    if (!email.ok) return email
    return { ok: true, value: { type, url: url.value, contactEmail: email.value, services } }
  }
}

function parseSms(body: Record<string, unknown>, services: string[]): Parsed<SubscribeRequest> {
  const { phone } = body
  if (phone === undefined || phone === null || phone === '')
    return refuse('phone is required for SMS subscriptions', { kind: 'phone-required' })
  if (typeof phone !== 'string') return refuse('phone must be a string', PHONE_INVALID.problem)
  if (forbiddenControlCharacter(phone)) return PHONE_INVALID
  const compact = phone.replace(/[\s()-]/g, '')
  if (!isE164(compact)) return PHONE_INVALID
  return { ok: true, value: { type: 'sms', phone: compact, services } }
}

/** The subscriber types a visitor may subscribe by, each with the reader of its fields. */
const VISITOR_PARSERS: Record<
  SubscribeRequest['type'],
  (body: Record<string, unknown>, services: string[], options: ParseOptions) => Parsed<SubscribeRequest>
> = {
  email: parseEmail,
  sms: parseSms,
  webhook: parseEndpoint('webhook'),
  slack: parseEndpoint('slack'),
  discord: parseEndpoint('discord'),
  teams: parseEndpoint('teams'),
}
const VISITOR_TYPES = Object.keys(VISITOR_PARSERS) as SubscribeRequest['type'][]
const TYPE_CHOICE = `${VISITOR_TYPES.slice(0, -1).join(', ')} or ${VISITOR_TYPES.at(-1)}`
const isVisitorType = (type: unknown): type is SubscribeRequest['type'] =>
  typeof type === 'string' && Object.hasOwn(VISITOR_PARSERS, type)

const MAX_SHORT_ID = 64

/**
 * The incident a subscription follows (its short id), or none. Only e-mail and SMS follow one incident, and a
 * follower hears all of it: no choice of services beside it.
 */
function parseIncident(body: Record<string, unknown>, type: SubscribeRequest['type']): Parsed<string | undefined> {
  const { incident } = body
  if (incident === undefined || incident === null || incident === '') return { ok: true, value: undefined }
  if (typeof incident !== 'string' || incident.length > MAX_SHORT_ID || forbiddenControlCharacter(incident))
    return refuse("incident must be an incident's id, as in its address /i/<id>")
  if (!CHANNEL_RULES[type].followsIncident)
    return refuse('incident: only e-mail and SMS subscriptions can follow one incident', {
      kind: 'incident-channel',
    })
  const services = body.services
  if (services !== undefined && services !== null && !(Array.isArray(services) && services.length === 0))
    return refuse('services: a subscription that follows one incident hears all of it; leave services out', {
      kind: 'incident-services',
    })
  return { ok: true, value: incident.trim() }
}

export function parseSubscribeRequest(body: unknown, options: ParseOptions = {}): Parsed<SubscribeRequest> {
  if (!isObject(body))
    return refuse('The request body must be a JSON object with type and email (or phone, or url and email).')
  const { type } = body
  if (type === undefined || type === null || type === '') return refuse(`type is required: ${TYPE_CHOICE}`)
  if (!isVisitorType(type)) return refuse(`type must be ${TYPE_CHOICE}`)
  const incident = parseIncident(body, type)
  if (!incident.ok) return incident
  const services = parseServices(body.services)
  if (!services.ok) return services
  const parsed = VISITOR_PARSERS[type](body, services.value, options)
  // Only e-mail and SMS get this far with an incident (parseIncident).
  return parsed.ok && incident.value
    ? { ok: true, value: { ...parsed.value, incident: incident.value } as SubscribeRequest }
    : parsed
}

export function parseTokenRequest(body: unknown): Parsed<string> {
  if (!isObject(body)) return refuse('The request body must be a JSON object with a token.')
  const { token } = body
  if (token === undefined || token === null || token === '') return refuse('token is required')
  if (typeof token !== 'string' || token.length > MAX_TOKEN || forbiddenControlCharacter(token))
    return refuse('token must be the token from your e-mail')
  return { ok: true, value: token }
}
