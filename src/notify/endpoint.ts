/**
 * The shell of the public subscription endpoints (/api/subscribe, /api/subscribe/verify, /api/unsubscribe): a JSON
 * body read with a size limit, answers as `{success, message}`, and never a stack trace. Bad input is a 400 that
 * says what is wrong (the service's errors, src/errors.ts, with their status); an unexpected failure is logged and
 * answered with a plain 500.
 */
import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { parseTokenRequest } from '@/domain/subscription-request'
import { publicError } from '@/errors'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { readBodyBytes } from '@/net/request-body'

/** Far more than any subscription needs; a larger body is refused before it is parsed. */
export const MAX_BODY_BYTES = 16 * 1024

export type BodyResult = { ok: true; value: unknown } | { ok: false; message: string }

/** Reads at most `maxBytes` of the body as text; null when it is larger. */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string | null> {
  return (await readBodyBytes(request, maxBytes))?.toString('utf8') ?? null
}

/** Reads at most `maxBytes` of the body and parses it as JSON. */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  const text = await readBodyText(request, maxBytes)
  if (text === null) return { ok: false, message: `The request body is too large (at most ${maxBytes / 1024} KB).` }
  if (text.trim() === '') return { ok: false, message: 'The request body is empty: send a JSON object.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' }
  }
}

export const answer = (status: number, success: boolean, message: string) =>
  Response.json({ success, message }, { status, headers: { 'cache-control': 'no-store' } })

type Handler = (request: Request, context: { payload: Payload; clientAddress?: string }) => Promise<Response>

export function subscriptionEndpoint(handler: Handler) {
  return async (request: Request): Promise<Response> => {
    try {
      const payload = await getPayload({ config })
      return await handler(request, { payload, clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined })
    } catch (error) {
      const failure = publicError(error, 'Something went wrong on our side; please try again later.')
      if (!failure.expected) console.error('POST', new URL(request.url).pathname, 'failed:', error)
      return answer(failure.status, false, failure.message)
    }
  }
}

/**
 * An endpoint that takes `{token}` (from a link in a message) and acts on it: confirming, unsubscribing. `answers`
 * gives each outcome its status and message; a 2xx is a success.
 */
export function tokenEndpoint<O extends string>(
  act: (payload: Payload, token: string) => Promise<O>,
  answers: Record<O, [number, string]>,
) {
  return subscriptionEndpoint(async (request, { payload }) => {
    const body = await readJsonBody(request)
    if (!body.ok) return answer(400, false, body.message)
    const token = parseTokenRequest(body.value)
    if (!token.ok) return answer(400, false, token.message)
    const [status, message] = answers[await act(payload, token.value)]
    return answer(status, status < 300, message)
  })
}
