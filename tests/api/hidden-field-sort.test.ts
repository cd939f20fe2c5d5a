import { beforeAll, describe, expect, it } from 'vitest'

import { NOTIFICATION_KINDS } from '@/domain/notifications'
import { REVEAL_SECRETS } from '@/fields/secret'
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

describe('secrets cannot be filtered or sorted by, administrators included', () => {
  let secret: string

  beforeAll(async () => {
    const p = await payload()
    const made = await p.create({
      collection: 'subscribers',
      data: { type: 'webhook', url: 'https://hooks.example.com/secret-oracle', verified: true } as never,
    })
    const stored = await p.findByID({ collection: 'subscribers', id: made.id, context: REVEAL_SECRETS })
    secret = (stored as { signingSecret?: string }).signingSecret ?? ''
    expect(secret).toMatch(/^whsec_/)
  })

  const refused = (res: { status: number; text: string; body: any }, message: RegExp) => {
    expect(res.status, res.text).toBe(400)
    expect(res.body.errors[0].message).toMatch(message)
    expect(res.body.docs).toBeUndefined()
  }

  it('REST where, directly, through a relationship and inside or', async () => {
    const prefix = encodeURIComponent(secret.slice(0, 10))
    for (const user of [admin, editor]) {
      refused(
        await api('GET', `/subscribers?where[signingSecret][like]=${prefix}`, { key: user.key }),
        /signingSecret cannot be queried/,
      )
      refused(
        await api('GET', `/subscribers?where[or][0][signingSecret][equals]=${encodeURIComponent(secret)}`, {
          key: user.key,
        }),
        /signingSecret cannot be queried/,
      )
      refused(
        await api('GET', `/notification-deliveries?where[subscriber.signingSecret][exists]=true`, { key: user.key }),
        /subscriber\.signingSecret cannot be queried/,
      )
    }
    refused(
      await api(
        'GET',
        `/subscribers?where=${encodeURIComponent(JSON.stringify({ signingSecret: { like: 'whsec' } }))}`,
        {
          key: admin.key,
        },
      ),
      /signingSecret cannot be queried/,
    )
  })

  it('REST sort, directly and through a relationship', async () => {
    for (const sort of ['signingSecret', '-signingSecret', 'id,signingSecret']) {
      refused(
        await api('GET', `/subscribers?sort=${sort}`, { key: admin.key }),
        /^sort: signingSecret cannot be queried$/,
      )
    }
    refused(
      await api('GET', '/notification-deliveries?sort=-subscriber.signingSecret', { key: admin.key }),
      /^sort: subscriber\.signingSecret cannot be queried$/,
    )
  })

  it('GraphQL where and sort', async () => {
    const where = await graphql(
      '{ Subscribers(where: { signingSecret: { like: "whsec" } }) { totalDocs } }',
      undefined,
      { key: admin.key },
    )
    expect(where.status, JSON.stringify(where.body)).toBe(400)
    expect(where.body.data?.Subscribers ?? null).toBeNull()
    expect(where.body.errors[0].message).toMatch(/signingSecret cannot be queried/)
    const sort = await graphql('{ Subscribers(sort: "signingSecret") { totalDocs } }', undefined, { key: admin.key })
    expect(sort.status).toBe(400)
    expect(sort.body.errors[0].message).toBe('sort: signingSecret cannot be queried')
  })

  it('other fields of the same records still filter and sort', async () => {
    const res = await api('GET', '/subscribers?where[type][equals]=webhook&sort=-createdAt', { key: admin.key })
    expect(res.status, res.text).toBe(200)
    expect(res.body.totalDocs).toBe(1)
  })
})
