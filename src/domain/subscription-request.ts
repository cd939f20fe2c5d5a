/**
 * What POST /api/subscribe, /api/subscribe/verify and /api/unsubscribe accept, with a message that says what is
 * wrong for everything they refuse. Pure: the routes and the subscribe form both parse through here.
 */
import { isE164, isEmailAddress, normaliseEmail } from './contact'
import { CHANNEL_RULES } from './channels'
import { forbiddenControlCharacter } from './text'

export type SubscribeRequest =
  | { type: 'email'; email: string; services: string[] }
  | { type: 'sms'; phone: string; services: string[] }

/** The address a request subscribes: the value of its channel's address field (src/domain/channels.ts). */
export function requestAddress(request: SubscribeRequest): string {
  return (request as unknown as Record<string, string>)[CHANNEL_RULES[request.type].addressField]
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

const MAX_SERVICES = 100
const MAX_SLUG = 200
const MAX_TOKEN = 200

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message })

function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
}

function parseServices(value: unknown): Parsed<string[]> {
  if (value === undefined || value === null) return { ok: true, value: [] }
  const list = typeof value === 'string' ? [value] : value
  const isSlugLike = (s: unknown) => typeof s === 'string' && s.length > 0 && s.length <= MAX_SLUG && !forbiddenControlCharacter(s)
  if (!Array.isArray(list) || list.length > MAX_SERVICES || !list.every(isSlugLike)) {
    return refuse(`services must be a list of at most ${MAX_SERVICES} service slugs`)
  }
  return { ok: true, value: [...new Set(list as string[])] }
}

function parseEmail(body: Record<string, unknown>, services: string[]): Parsed<SubscribeRequest> {
  const { email } = body
  if (email === undefined || email === null || email === '') return refuse('email is required')
  if (typeof email !== 'string') return refuse('email must be a string')
  if (forbiddenControlCharacter(email)) return refuse('email must be a valid e-mail address')
  const normalised = normaliseEmail(email)
  if (!isEmailAddress(normalised)) return refuse('email must be a valid e-mail address')
  return { ok: true, value: { type: 'email', email: normalised, services } }
}

function parseSms(body: Record<string, unknown>, services: string[]): Parsed<SubscribeRequest> {
  const { phone } = body
  if (phone === undefined || phone === null || phone === '') return refuse('phone is required for SMS subscriptions')
  if (typeof phone !== 'string') return refuse('phone must be a string')
  if (forbiddenControlCharacter(phone)) return refuse('phone must be an E.164 number such as +14155550123')
  const compact = phone.replace(/[\s()-]/g, '')
  if (!isE164(compact)) return refuse('phone must be an E.164 number such as +14155550123')
  return { ok: true, value: { type: 'sms', phone: compact, services } }
}

/** The subscriber types a visitor may subscribe by, each with the reader of its fields. */
const VISITOR_PARSERS: Record<SubscribeRequest['type'], (body: Record<string, unknown>, services: string[]) => Parsed<SubscribeRequest>> = {
  email: parseEmail,
  sms: parseSms,
}
const VISITOR_TYPES = Object.keys(VISITOR_PARSERS) as SubscribeRequest['type'][]
const isVisitorType = (type: unknown): type is SubscribeRequest['type'] => typeof type === 'string' && Object.hasOwn(VISITOR_PARSERS, type)

export function parseSubscribeRequest(body: unknown): Parsed<SubscribeRequest> {
  if (!isObject(body)) return refuse('The request body must be a JSON object with type and email (or phone).')
  const { type } = body
  if (type === undefined || type === null || type === '') return refuse(`type is required: ${VISITOR_TYPES.join(' or ')}`)
  if (!isVisitorType(type)) return refuse(`type must be ${VISITOR_TYPES.join(' or ')}`)
  const services = parseServices(body.services)
  if (!services.ok) return services
  return VISITOR_PARSERS[type](body, services.value)
}

export function parseTokenRequest(body: unknown): Parsed<string> {
  if (!isObject(body)) return refuse('The request body must be a JSON object with a token.')
  const { token } = body
  if (token === undefined || token === null || token === '') return refuse('token is required')
  if (typeof token !== 'string' || token.length > MAX_TOKEN || forbiddenControlCharacter(token)) return refuse('token must be the token from your e-mail')
  return { ok: true, value: token }
}
