/**
 * Two status pages over the same services, for the API files about pages (tests/api/pages.test.ts,
 * service-feeds.test.ts): the default page A, "Acme status", shows Database and Website under Core; page B, "Acme Pay
 * status" (on Status-B.test, a host written as an administrator might, and at /p/b/), shows Database and Billing under
 * Money, then the sections a file adds.
 */
import { expect } from 'vitest'

import { api, payload } from './api'

export interface TwoPages {
  core: number
  money: number
  db: number
  web: number
  billing: number
  pageB: number
}

type Section = { group: number; services: number[] }

export async function createTwoPages(adminKey: string, moreOnB: Section[] = []): Promise<TwoPages> {
  const p = await payload()
  const group = (name: string, displayOrder: number) =>
    p.create({ collection: 'service-groups', data: { name, displayOrder }, overrideAccess: true })
  const core = (await group('Core', 1)).id
  const money = (await group('Money', 2)).id
  const service = async (name: string, groupId: number) =>
    (
      await p.create({
        collection: 'services',
        data: { name, group: groupId, status: 'operational' },
        overrideAccess: true,
      })
    ).id
  const db = await service('Database', core)
  const web = await service('Website', core)
  const billing = await service('Billing', money)
  await p.updateGlobal({
    slug: 'settings',
    data: { siteName: 'Acme status', sections: [{ group: core, services: [db, web] }] },
    overrideAccess: true,
  })
  const created = await api('POST', '/pages', {
    key: adminKey,
    body: {
      name: 'Acme Pay status',
      slug: 'b',
      hosts: [{ host: 'Status-B.test' }],
      sections: [{ group: money, services: [db, billing] }, ...moreOnB],
    },
  })
  expect(created.status, created.text).toBe(201)
  return { core, money, db, web, billing, pageB: created.body.doc.id }
}
