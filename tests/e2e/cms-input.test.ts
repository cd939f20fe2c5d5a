/**
 * The CMS input guards through the built server (`npm start`), where error class names are minified and graphql is
 * loaded as the production bundle loads it: the GraphQL cost refusal and the anonymous Access refusal keep their
 * statuses and shape, and no error body carries a class name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  call,
  createUserKey,
  firstAdminKey,
  sqliteEnv,
  type Started,
  startService,
  stopServices,
} from '../helpers/service'

let service: Started
let editorKey: string

beforeAll(async () => {
  service = await startService({ ...sqliteEnv('sp-e2e-cms-'), RATE_LIMIT_PUBLIC_PER_MINUTE: '0', ...firstAdminKey() })
  editorKey = await createUserKey(service, 'editor')
})

afterAll(() => stopServices())

const aliases = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: Incidents(limit: 0) { docs { id title updates { message } affectedServices { name group { name } } } }`).join(' ')} }`

function expectNoClassNames(text: string) {
  const body = JSON.parse(text) as { errors: { message: string; name?: unknown; extensions?: { name?: unknown } }[] }
  expect(Array.isArray(body.errors), text).toBe(true)
  for (const error of body.errors) {
    expect(typeof error.message).toBe('string')
    expect(error.name).toBeUndefined()
    expect(error.extensions?.name).toBeUndefined()
  }
}

describe('CMS input guards in the built server', () => {
  it('refuses the 30-alias GraphQL query with a 400 before running it', async () => {
    const res = await call(`${service.base}/api/graphql`, { method: 'POST', body: { query: aliases } })
    expect(res.status, res.text).toBe(400)
    expect(res.json().errors[0].message).toMatch(/too expensive/)
    expectNoClassNames(res.text)
  })

  it('answers GraphQL refusals with their status on the wire', async () => {
    const anonymous = await call(`${service.base}/api/graphql`, {
      method: 'POST',
      body: { query: '{ Access { canAccessAdmin } }' },
    })
    expect(anonymous.status, anonymous.text).toBe(401)
    const forbidden = await call(`${service.base}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `users API-Key ${editorKey}` },
      body: { query: 'mutation { updateSetting(data: { siteName: "x" }) { siteName } }' },
    })
    expect(forbidden.status, forbidden.text).toBe(403)
    expectNoClassNames(forbidden.text)
  })

  it('answers REST errors in the contract shape without class names', async () => {
    const auth = { authorization: `users API-Key ${editorKey}` }
    const invalid = await call(`${service.base}/api/services`, { method: 'POST', headers: auth, body: { name: '' } })
    expect(invalid.status).toBe(400)
    expectNoClassNames(invalid.text)
    const missing = await call(`${service.base}/api/payload-migrations`, { headers: auth })
    expect(missing.status).toBe(404)
    expectNoClassNames(missing.text)
    const stranger = await call(`${service.base}/api/access`)
    expect(stranger.status).toBe(401)
    expectNoClassNames(stranger.text)
    const plain = await call(`${service.base}/api/incidents`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: { title: 'x' },
    })
    expect(plain.status, plain.text).toBe(415)
  })

  it('caps a REST list at 100 rows', async () => {
    const res = await call(`${service.base}/api/incidents?limit=0&depth=2`)
    expect(res.status).toBe(200)
    expect(res.json().limit).toBe(100)
  })
})
