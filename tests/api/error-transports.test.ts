/**
 * One error hierarchy (src/errors.ts), translated once per transport: the same error thrown inside a handler is an
 * RFC 9457 problem on /api/v1, `{success:false, message}` on the subscription endpoints and the error page on the
 * site, with its status and message; an unexpected error is a 500 whose message never reaches the client.
 */
import { describe, expect, it } from 'vitest'

import { Conflict, NotFound, TooManyRequests } from '@/errors'
import { subscriptionEndpoint } from '@/notify/endpoint'
import { publicGet } from '@/public-api/route'
import { sitePage } from '@/site/respond'
import { BASE } from '../helpers/api'

const SECRET = 'connection to 10.1.2.3:5432 refused (internal detail)'
const request = (path: string) => new Request(new URL(path, BASE))
const noParams = { params: Promise.resolve({}) }

describe('the service errors, per transport', () => {
  it('/api/v1: a problem with the error status and message; an unexpected error a 500 that hides its text', async () => {
    const conflict = await publicGet(async () => {
      throw new TooManyRequests('Slow down.', 7)
    })(request('/api/v1/status'), noParams)
    expect(conflict.status).toBe(429)
    expect(conflict.headers.get('content-type')).toBe('application/problem+json')
    expect(conflict.headers.get('retry-after')).toBe('7')
    expect(await conflict.json()).toMatchObject({ status: 429, title: 'Too Many Requests', detail: 'Slow down.' })

    const unexpected = await publicGet(async () => {
      throw new Error(SECRET)
    })(request('/api/v1/status'), noParams)
    expect(unexpected.status).toBe(500)
    const text = await unexpected.text()
    expect(text).not.toContain('10.1.2.3')
    expect(JSON.parse(text).detail).toMatch(/could not be read/)
  })

  it('subscription endpoints: {success:false, message} with the status; unexpected errors hidden', async () => {
    const conflict = await subscriptionEndpoint(async () => {
      throw new Conflict('Already done.')
    })(request('/api/subscribe'))
    expect(conflict.status).toBe(409)
    expect(await conflict.json()).toEqual({ success: false, message: 'Already done.' })

    const unexpected = await subscriptionEndpoint(async () => {
      throw new Error(SECRET)
    })(request('/api/subscribe'))
    expect(unexpected.status).toBe(500)
    expect(await unexpected.text()).not.toContain('10.1.2.3')
  })

  it('the site: its 404 page for NotFound, the error page with the status for the others, never the text', async () => {
    const missing = await sitePage(async () => {
      throw new NotFound('incident')
    })(request('/i/nope'), noParams)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<html')

    const conflict = await sitePage(async () => {
      throw new Conflict('Already done.')
    })(request('/'), noParams)
    expect(conflict.status).toBe(409)

    const unexpected = await sitePage(async () => {
      throw new Error(SECRET)
    })(request('/'), noParams)
    expect(unexpected.status).toBe(500)
    expect(await unexpected.text()).not.toContain('10.1.2.3')
  })

  it('a database that refused or timed out: 503 with Retry-After on the site and /api/v1, never 500, never its text', async () => {
    const outage = () => {
      throw new Error('Failed query', { cause: Object.assign(new Error(SECRET), { code: 'ECONNREFUSED' }) })
    }
    const page = await sitePage(async () => outage())(request('/'), noParams)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('Temporarily unavailable')
    expect(html).not.toContain('10.1.2.3')
    const api = await publicGet(async () => outage())(request('/api/v1/status'), noParams)
    expect(api.status).toBe(503)
    expect(api.headers.get('retry-after')).toBe('5')
    const problem = await api.json()
    expect(problem).toMatchObject({ status: 503, detail: 'The database is not answering; try again in a few seconds.' })
  })
})
