/**
 * The service's errors: one hierarchy, each with its HTTP status and a message written for the client. Each
 * transport translates them in one place:
 *
 * - /api/v1: an RFC 9457 problem (src/public-api/route.ts);
 * - the CMS API (REST and GraphQL): Payload's own error handling shows a public error's message with its status
 *   as `{errors: [{message}]}` (`isPublic` and `status` below are what Payload reads); what answers beside
 *   Payload (custom endpoints, the route wrappers, the monitoring webhook) uses cmsErrorResponse below;
 * - the subscription endpoints: `{success: false, message}` (src/notify/endpoint.ts);
 * - the site: its 404 or error page (src/site/respond.ts).
 *
 * Anything else that is thrown is unexpected: it is logged and answered with a fixed 500 text, never its message.
 * No framework import here.
 */
import { isDatabaseUnavailable } from '@/db/unavailable'

export class ServiceError extends Error {
  /** Payload's error handling shows the message of an error marked public. */
  readonly isPublic = true

  constructor(
    readonly status: number,
    message: string,
    /** Headers the answer carries (Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
    this.name = new.target.name
  }
}

/** 400: the request is malformed or a value is invalid; the message says which and why (`field`: the input). */
export class BadRequest extends ServiceError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(400, message)
  }
}

/** 401: no valid session, API key or token. */
export class Unauthorized extends ServiceError {
  constructor(message: string) {
    super(401, message)
  }
}

/** 403: a known user whose role does not allow this. */
export class Forbidden extends ServiceError {
  constructor(message: string) {
    super(403, message)
  }
}

/** 404: `what` does not exist (or is not visible to this client). */
export class NotFound extends ServiceError {
  constructor(
    readonly what: string,
    message = `${what} not found`,
  ) {
    super(404, message)
  }
}

/** 409: the request conflicts with the current state. */
export class Conflict extends ServiceError {
  constructor(message: string) {
    super(409, message)
  }
}

/** 429: a budget is spent; try again after `retryAfterSeconds`. */
export class TooManyRequests extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, { 'Retry-After': String(retryAfterSeconds) })
  }
}

/** 503: a dependency (the database) does not answer; the message is fixed text, never the dependency's own. */
export class Unavailable extends ServiceError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(503, message, retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) })
  }
}

export interface PublicError {
  status: number
  message: string
  headers: Readonly<Record<string, string>>
  /** False for an unexpected error: the caller logs it (its message stays in the log). */
  expected: boolean
}

/** What a client may be told about `error`: ours as they are; anything else a 500 with `fallback`. */
const DATABASE_NOT_ANSWERING = 'The database is not answering; try again in a few seconds.'

export function publicError(error: unknown, fallback: string): PublicError {
  if (error instanceof ServiceError)
    return { status: error.status, message: error.message, headers: error.headers, expected: true }
  // The database refused, dropped or timed out: an outage, not a bug (the edge serves the last good copy).
  if (isDatabaseUnavailable(error))
    return { status: 503, message: DATABASE_NOT_ANSWERING, headers: { 'Retry-After': '5' }, expected: true }
  return { status: 500, message: fallback, headers: {}, expected: false }
}

interface CmsErrorOptions {
  /** The message of an unexpected error (a 500). */
  fallback?: string
  /** Headers to keep from an answer being rewritten (the REST wrapper's); the error's own win. */
  headers?: HeadersInit
}

/**
 * The CMS API's translation: `error` as `{errors: [{message}]}` (Payload's shape, the contract's; `field` for a
 * BadRequest that names one) with its status and headers, never cached. One place for every answer built beside
 * Payload: the custom endpoints (src/access/endpoint-guard.ts), the REST and GraphQL wrappers, the session guards,
 * the monitoring webhook.
 */
export function cmsErrorResponse(
  error: unknown,
  { fallback = 'Something went wrong.', headers }: CmsErrorOptions = {},
): Response {
  const answer = publicError(error, fallback)
  const field = error instanceof BadRequest ? error.field : undefined
  const out = new Headers(headers)
  out.delete('content-length')
  out.set('content-type', 'application/json')
  out.set('cache-control', 'no-store')
  for (const [name, value] of Object.entries(answer.headers)) out.set(name, value)
  return new Response(JSON.stringify({ errors: [{ message: answer.message, ...(field ? { field } : {}) }] }), {
    status: answer.status,
    headers: out,
  })
}
