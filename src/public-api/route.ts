/**
 * The shell of every /api/v1 route: a Payload instance, the public links, and a problem response instead of a
 * stack trace when something fails: the service's errors (src/errors.ts) with their status and message, anything
 * else a 500 whose cause stays in the log.
 */
import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { publicError } from '@/errors'

import { ResponseClock } from './clock'
import { problemResponse } from './http'
import { type Links, markPageResponse, markPrivate, publicPage } from '@/settings/base-url'
import { AccessRequired } from '@/settings/page-access'
import type { PageRecord } from '@/settings/pages'

export interface PublicContext {
  payload: Payload
  links: Links
  /** The page the request is for (null: the default page, the site's settings); its scope is in `links`. */
  page: PageRecord | null
  /** The one `now` of this response; what depends on it reports here when it changes (the response's expiry). */
  clock: ResponseClock
}

type Handler<P> = (request: Request, context: PublicContext, params: P) => Promise<Response>

export function publicGet<P = Record<string, never>>(handler: Handler<P>) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      const payload = await getPayload({ config })
      const requestPage = await publicPage(payload, request)
      const { links, page } = requestPage
      const response = await handler(request, { payload, links, page, clock: new ResponseClock() }, await route.params)
      return markPageResponse(response, requestPage)
    } catch (error) {
      const failure = publicError(error, 'The status could not be read just now. Please try again shortly.')
      if (!failure.expected) console.error('GET', new URL(request.url).pathname, 'failed:', error)
      const response = problemResponse(request, { status: failure.status, detail: failure.message }, failure.headers)
      return error instanceof AccessRequired ? markPrivate(response) : response
    }
  }
}
