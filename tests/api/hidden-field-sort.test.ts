import { beforeAll, describe, expect, it } from 'vitest'

import { NOTIFICATION_KINDS } from '../../src/domain/notifications'
import { api, createUser, graphql, payload, type TestUser } from '../helpers/api'

/**
 * L2: `where` on a hidden field was refused, also through a relationship, but `sort` through one was accepted and
 * the order of the answer followed the secret (an ordering oracle on unsubscribe and verification tokens).
 */

let editor: TestUser
let admin: TestUser

beforeAll(async () => {
  admin = await createUser('admin')
  editor = await createUser('editor')
  const p = await payload()
  for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
    const subscriber = await p.create({ collection: 'subscribers', data: { type: 'email', email, verified: true } })
    const notification = await p.create({
      collection: 'notifications',
      data: {
        kind: NOTIFICATION_KINDS[0],
        eventKey: `k-${email}`,
        subject: 's',
        message: 'm',
        content: {},
        status: 'queued',
      } as never,
    })
    await p.create({
      collection: 'notification-deliveries',
      data: { notification: notification.id, subscriber: subscriber.id, channel: 'email', status: 'pending' } as never,
    })
  }
})

describe('sorting by hidden fields is refused at any depth', () => {
  const hidden = [
    'subscriber.unsubscribeToken',
    '-subscriber.verificationToken',
    'subscriber.unsubscribeToken,-id',
    '+subscriber.verificationToken',
  ]
  for (const sort of hidden) {
    it(`REST sort=${sort}`, async () => {
      for (const user of [editor, admin]) {
        const res = await api('GET', `/notification-deliveries?sort=${encodeURIComponent(sort)}`, { key: user.key })
        expect(res.status, res.text).toBe(400)
        expect(res.body.errors[0].message).toMatch(
          /^sort: subscriber\.(unsubscribeToken|verificationToken) cannot be queried$/,
        )
      }
    })
  }

  it('directly on the collection', async () => {
    const res = await api('GET', '/subscribers?sort=-unsubscribeToken', { key: admin.key })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/cannot be queried/)
  })

  it('GraphQL sort', async () => {
    const res = await graphql(
      '{ NotificationDeliveries(sort: "subscriber.unsubscribeToken") { docs { id } } }',
      undefined,
      { key: editor.key },
    )
    expect(res.status).toBe(400)
    expect(res.body.data?.NotificationDeliveries ?? null).toBeNull()
    expect(res.body.errors[0].message).toBe('sort: subscriber.unsubscribeToken cannot be queried')
  })

  it('sorting by visible fields, also through a relationship, still works', async () => {
    const res = await api('GET', '/notification-deliveries?sort=-subscriber.email', { key: editor.key })
    expect(res.status, res.text).toBe(200)
    expect(res.body.docs).toHaveLength(3)
    const byId = await api('GET', '/notification-deliveries?sort=-id,createdAt', { key: editor.key })
    expect(byId.status).toBe(200)
  })
})
