import { describe, expect, it } from 'vitest'

import {
  BadRequest,
  cmsErrorResponse,
  Forbidden,
  NotFound,
  publicError,
  ServiceError,
  TooManyRequests,
  Unavailable,
  Unauthorized,
} from '@/errors'

describe('the error hierarchy', () => {
  it('gives each error its status, and marks it public for Payload', () => {
    for (const [error, status] of [
      [new BadRequest('b'), 400],
      [new Unauthorized('u'), 401],
      [new Forbidden('f'), 403],
      [new NotFound('incident'), 404],
      [new TooManyRequests('t', 3), 429],
      [new Unavailable('x', 5), 503],
    ] as const) {
      expect(error).toBeInstanceOf(ServiceError)
      expect(error.status).toBe(status)
      expect(error.isPublic).toBe(true)
    }
    expect(new NotFound('incident').message).toBe('incident not found')
    expect(new TooManyRequests('t', 3).headers).toEqual({ 'Retry-After': '3' })
  })

  it('tells a client the message of its own errors only', () => {
    expect(publicError(new BadRequest('limit must be a number'), 'fallback')).toEqual({
      status: 400,
      message: 'limit must be a number',
      headers: {},
      expected: true,
    })
    expect(publicError(new Error('ECONNREFUSED 10.0.0.5:5432'), 'Try again later.')).toEqual({
      status: 500,
      message: 'Try again later.',
      headers: {},
      expected: false,
    })
    expect(publicError('a string', 'Try again later.').status).toBe(500)
  })

  it('answers a database that refused, dropped or timed out 503 with Retry-After, never with its own words', () => {
    for (const cause of [
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }),
      new Error('Query read timeout'),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ]) {
      const answer = publicError(new Error('Failed query', { cause }), 'Try again later.')
      expect(answer).toMatchObject({ status: 503, headers: { 'Retry-After': '5' }, expected: true })
      expect(answer.message).not.toContain('5432')
    }
  })

  it("answers the CMS's errors in one shape: {errors:[{message, field?}]}, their status and headers, never cached", async () => {
    const bad = cmsErrorResponse(new BadRequest('to: give a valid e-mail address', 'to'))
    expect(bad.status).toBe(400)
    expect(bad.headers.get('cache-control')).toBe('no-store')
    expect(bad.headers.get('content-type')).toBe('application/json')
    expect(await bad.json()).toEqual({ errors: [{ message: 'to: give a valid e-mail address', field: 'to' }] })

    const limited = cmsErrorResponse(new TooManyRequests('Slow down.', 30))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect(await limited.json()).toEqual({ errors: [{ message: 'Slow down.' }] })

    // A rewritten answer keeps its headers, except a length that no longer holds; the error's own headers win.
    const kept = cmsErrorResponse(new ServiceError(404, 'Route not found', { 'x-a': 'error' }), {
      headers: { 'x-a': 'kept', 'x-b': 'kept', 'content-length': '999' },
    })
    expect([kept.headers.get('x-a'), kept.headers.get('x-b'), kept.headers.get('content-length')]).toEqual([
      'error',
      'kept',
      null,
    ])

    const unexpected = cmsErrorResponse(new Error('relation "users" does not exist'), { fallback: 'Try again later.' })
    expect(unexpected.status).toBe(500)
    expect(await unexpected.json()).toEqual({ errors: [{ message: 'Try again later.' }] })
  })
})
