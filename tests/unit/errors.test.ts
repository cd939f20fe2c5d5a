import { describe, expect, it } from 'vitest'

import { BadRequest, Forbidden, NotFound, publicError, ServiceError, TooManyRequests, Unavailable, Unauthorized } from '../../src/errors'

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
    expect(publicError(new BadRequest('limit must be a number'), 'fallback')).toEqual({ status: 400, message: 'limit must be a number', headers: {}, expected: true })
    expect(publicError(new Error('ECONNREFUSED 10.0.0.5:5432'), 'Try again later.')).toEqual({ status: 500, message: 'Try again later.', headers: {}, expected: false })
    expect(publicError('a string', 'Try again later.').status).toBe(500)
  })

  it('answers a database that refused, dropped or timed out 503 with Retry-After, never with its own words', () => {
    for (const cause of [Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' }), new Error('Query read timeout'), Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })]) {
      const answer = publicError(new Error('Failed query', { cause }), 'Try again later.')
      expect(answer).toMatchObject({ status: 503, headers: { 'Retry-After': '5' }, expected: true })
      expect(answer.message).not.toContain('5432')
    }
  })
})
