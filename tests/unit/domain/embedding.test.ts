import { describe, expect, it } from 'vitest'

import { frameAncestors, normalOrigin, originProblem } from '@/domain/embedding'

describe('embedding origins', () => {
  it('stores an origin as browsers compare it: lower case, no default port, no trailing slash', () => {
    expect(normalOrigin(' https://App.Example.com:443/ ')).toBe('https://app.example.com')
    expect(normalOrigin('http://intranet.test:8080')).toBe('http://intranet.test:8080')
    expect(normalOrigin('not an origin')).toBe('not an origin')
  })

  it('accepts a scheme and host (and port) alone', () => {
    for (const origin of [
      'https://app.example.com',
      'https://app.example.com/',
      'http://127.0.0.2:8080',
      'http://[::1]:3000',
    ])
      expect(originProblem(origin), origin).toBeNull()
  })

  it('refuses anything else, saying why', () => {
    expect(originProblem('')).toBe('an origin is required')
    expect(originProblem('app.example.com')).toMatch(/give its scheme and host name/)
    expect(originProblem('ftp://files.example.com')).toMatch(/must start with https:\/\/ or http:\/\//)
    expect(originProblem('javascript:alert(1)')).toMatch(/must start with https:\/\/ or http:\/\//)
    expect(originProblem('https://app.example.com/dashboard')).toMatch(/such as https:\/\/app.example.com$/)
    expect(originProblem('https://app.example.com?x=1')).toMatch(/scheme and host alone/)
    expect(originProblem('https://user:secret@app.example.com')).toMatch(/user name or password/)
    expect(originProblem('https://*.example.com')).toMatch(/wildcards/)
    // What would end the directive or add another never parses as an origin.
    expect(originProblem("https://a.example.com; script-src 'unsafe-inline'")).not.toBeNull()
    expect(originProblem('https://a.example.com https://b.example.com')).not.toBeNull()
  })

  it("frames the view on the page's own origin and the origins listed, once each", () => {
    expect(frameAncestors([])).toBe("frame-ancestors 'self'")
    expect(frameAncestors(['https://App.example.com/', 'https://app.example.com', 'http://127.0.0.2:8080'])).toBe(
      "frame-ancestors 'self' https://app.example.com http://127.0.0.2:8080",
    )
    expect(frameAncestors(["https://a.example.com; script-src 'unsafe-inline'"])).toBe("frame-ancestors 'self'")
  })
})
