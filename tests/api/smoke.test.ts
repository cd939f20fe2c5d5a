import { describe, expect, it } from 'vitest'

import { api, createUser } from '../helpers/api'

describe('smoke', () => {
  it('serves services and accepts a write with a key', async () => {
    const admin = await createUser('admin')
    const list = await api('GET', '/services')
    expect(list.status).toBe(200)
    const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Core Platform' } })
    expect(group.status).toBe(201)
    expect(group.body.doc.slug).toBe('core-platform')
  })
})
