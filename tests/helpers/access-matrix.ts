/**
 * Who may do what through the CMS REST API (tests/api/access-matrix*.test.ts): the principals, the collections with
 * the status the contract asks of each operation, and the matrix of both, which checks that a refused request changed
 * nothing and an allowed one did what it said.
 *
 * - Public reads: services, service-groups, incidents, maintenances, media, the settings global.
 * - Every write, and reads of subscribers and users, need a session or a key: without a valid one, 401 with
 *   `{errors:[{message}]}`. A known user whose role does not allow it: 403.
 * - editor: create/update incidents, maintenances, services, service groups; read subscribers; itself only.
 * - admin: everything.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as restRoute from '@/app/(payload)/api/[...slug]/route'
import { api, type ApiResponse, BASE, createUser, payload, type TestUser } from './api'

export type Kind = 'stranger' | 'editor' | 'admin'
type Op = 'list' | 'read' | 'create' | 'update' | 'delete'
type Expected = 200 | 201 | 401 | 403 | 404

export let admin: TestUser
export let editor: TestUser
export let editorCookie: string
let adminCookie: string
let groupId: number
export let serviceId: number

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

export interface Principal {
  name: string
  kind: Kind
  /** Headers to send, computed once the users exist. */
  headers: () => Record<string, string>
}

export const principals: Principal[] = [
  { name: 'anonymous', kind: 'stranger', headers: () => ({}) },
  { name: 'unknown API key', kind: 'stranger', headers: () => ({ authorization: `users API-Key ${randomUUID()}` }) },
  { name: 'API-Key header without a key', kind: 'stranger', headers: () => ({ authorization: 'users API-Key ' }) },
  { name: 'Bearer with garbage', kind: 'stranger', headers: () => ({ authorization: 'Bearer x' }) },
  { name: 'JWT with garbage', kind: 'stranger', headers: () => ({ authorization: 'JWT not.a.token' }) },
  // The header format is case-sensitive (contract): a valid admin key in the wrong case authenticates nobody.
  {
    name: 'admin key, scheme in lower case',
    kind: 'stranger',
    headers: () => ({ authorization: `users api-key ${admin.key}` }),
  },
  {
    name: 'admin key, wrong collection prefix',
    kind: 'stranger',
    headers: () => ({ authorization: `Users API-Key ${admin.key}` }),
  },
  { name: 'admin key without the scheme', kind: 'stranger', headers: () => ({ authorization: admin.key }) },
  {
    name: 'forged session cookie',
    kind: 'stranger',
    headers: () => ({ cookie: 'payload-token=eyJhbGciOiJIUzI1NiJ9.e30.x' }),
  },
  { name: 'editor (API key)', kind: 'editor', headers: () => ({ authorization: `users API-Key ${editor.key}` }) },
  { name: 'editor (session cookie)', kind: 'editor', headers: () => ({ cookie: editorCookie }) },
  { name: 'admin (API key)', kind: 'admin', headers: () => ({ authorization: `users API-Key ${admin.key}` }) },
  { name: 'admin (session cookie)', kind: 'admin', headers: () => ({ cookie: adminCookie }) },
]

export interface Resource {
  slug:
    | 'service-groups'
    | 'services'
    | 'incidents'
    | 'maintenances'
    | 'subscribers'
    | 'users'
    | 'media'
    | 'notifications'
    | 'notification-deliveries'
  publicRead: boolean
  /** What an editor gets, per operation (admins get success everywhere, strangers 401 except public reads). */
  editor: Record<Op, Expected>
  /** What an admin gets, where it is not success everywhere. */
  admin?: Record<Op, Expected>
  createBody: (tag: string) => Record<string, unknown>
  updateBody: (tag: string) => Record<string, unknown>
  /** The field the update sets, to check it took (or did not). */
  updateField: string
  /** A fresh record for update/delete/read, made with the Local API. */
  makeTarget: (tag: string) => Promise<number>
}

const ALLOWED: Record<Op, Expected> = { list: 200, read: 200, create: 201, update: 200, delete: 403 }
const READ_ONLY: Record<Op, Expected> = { list: 200, read: 200, create: 403, update: 403, delete: 403 }

const local = async (
  collection: Resource['slug'],
  data: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => {
  const p = await payload()
  const doc = await p.create({ collection, data: data as never, overrideAccess: true, ...extra })
  return doc.id as number
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

/** Records the service writes itself (what subscribers were sent): read and deleted, never written by a client. */
const SYSTEM_RECORDS_ADMIN: Record<Op, Expected> = { list: 200, read: 200, create: 403, update: 403, delete: 200 }

const notificationData = (tag: string) => ({
  kind: 'incident_created',
  eventKey: `matrix:${tag}`,
  subject: `Subject ${tag}`,
  content: { tag },
  status: 'sent',
})

export const resources: Resource[] = [
  {
    slug: 'service-groups',
    publicRead: true,
    editor: ALLOWED,
    createBody: (tag) => ({ name: `Group ${tag}` }),
    updateBody: (tag) => ({ description: `updated ${tag}` }),
    updateField: 'description',
    makeTarget: (tag) => local('service-groups', { name: `Target group ${tag}` }),
  },
  {
    slug: 'services',
    publicRead: true,
    editor: ALLOWED,
    createBody: (tag) => ({ name: `Service ${tag}`, group: groupId, status: 'operational' }),
    updateBody: (tag) => ({ description: `updated ${tag}` }),
    updateField: 'description',
    makeTarget: (tag) => local('services', { name: `Target service ${tag}`, group: groupId }),
  },
  {
    slug: 'incidents',
    publicRead: true,
    editor: ALLOWED,
    createBody: (tag) => ({
      title: `Incident ${tag}`,
      affectedServices: [serviceId],
      updates: [{ status: 'investigating', message: 'Looking into it' }],
    }),
    updateBody: (tag) => ({ title: `Updated incident ${tag}` }),
    updateField: 'title',
    makeTarget: (tag) =>
      local('incidents', {
        title: `Target incident ${tag}`,
        updates: [{ status: 'investigating', message: 'Target' }],
      }),
  },
  {
    slug: 'maintenances',
    publicRead: true,
    editor: ALLOWED,
    createBody: (tag) => ({ title: `Maintenance ${tag}`, scheduledStartAt: future(1), scheduledEndAt: future(2) }),
    updateBody: (tag) => ({ title: `Updated maintenance ${tag}` }),
    updateField: 'title',
    makeTarget: (tag) => local('maintenances', { title: `Target maintenance ${tag}`, scheduledStartAt: future(3) }),
  },
  {
    slug: 'subscribers',
    publicRead: false,
    editor: READ_ONLY,
    createBody: (tag) => ({ type: 'email', email: `sub-${tag}@example.test` }),
    updateBody: (tag) => ({ email: `changed-${tag}@example.test` }),
    updateField: 'email',
    makeTarget: (tag) => local('subscribers', { type: 'email', email: `target-${tag}@example.test` }),
  },
  {
    slug: 'users',
    publicRead: false,
    // An editor lists and reads only itself: another user's record is not found for it.
    editor: { list: 200, read: 404, create: 403, update: 403, delete: 403 },
    createBody: (tag) => ({ email: `new-${tag}@example.test`, password: `pw-${randomUUID()}`, role: 'editor' }),
    updateBody: (tag) => ({ name: `Renamed ${tag}` }),
    updateField: 'name',
    makeTarget: (tag) =>
      local('users', { email: `target-${tag}@example.test`, password: `pw-${randomUUID()}`, role: 'editor' }),
  },
  {
    slug: 'notifications',
    publicRead: false,
    editor: READ_ONLY,
    admin: SYSTEM_RECORDS_ADMIN,
    createBody: (tag) => notificationData(`created-${tag}`),
    updateBody: (tag) => ({ subject: `Changed ${tag}` }),
    updateField: 'subject',
    makeTarget: (tag) => local('notifications', notificationData(tag)),
  },
  {
    slug: 'notification-deliveries',
    publicRead: false,
    editor: READ_ONLY,
    admin: SYSTEM_RECORDS_ADMIN,
    createBody: (tag) => ({ channel: 'email', address: `new-${tag}@example.test`, status: 'sent' }),
    updateBody: () => ({ status: 'pending' }),
    updateField: 'status',
    makeTarget: async (tag) => {
      const notification = await local('notifications', notificationData(`for-delivery-${tag}`))
      return local('notification-deliveries', {
        notification,
        channel: 'email',
        address: `d-${tag}@example.test`,
        status: 'sent',
      })
    },
  },
  {
    slug: 'media',
    publicRead: true,
    editor: READ_ONLY,
    createBody: (tag) => ({ alt: `Logo ${tag}` }),
    updateBody: (tag) => ({ alt: `Updated ${tag}` }),
    updateField: 'alt',
    makeTarget: (tag) =>
      local(
        'media',
        { alt: `Target ${tag}` },
        { file: { data: PNG, mimetype: 'image/png', name: `target-${tag}.png`, size: PNG.length } },
      ),
  },
]

export function expectedFor(principal: Principal, resource: Resource, op: Op): Expected {
  if (principal.kind === 'admin') return resource.admin?.[op] ?? (op === 'create' ? 201 : 200)
  if (principal.kind === 'editor') return resource.editor[op]
  return resource.publicRead && (op === 'list' || op === 'read') ? 200 : 401
}

/** A multipart upload to /api/media, as the admin area sends it: the file plus the other fields in `_payload`. */
export async function upload(
  fields: Record<string, unknown>,
  headers: Record<string, string>,
  name: string,
): Promise<ApiResponse> {
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), name)
  form.append('_payload', JSON.stringify(fields))
  const request = new Request(new URL('/api/media', BASE), { method: 'POST', headers, body: form })
  const response = await restRoute.POST(request, { params: Promise.resolve({ slug: ['media'] }) })
  const text = await response.text()
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, body, text }
}

export function expectErrorBody(res: ApiResponse, status: number) {
  expect(res.status, res.text).toBe(status)
  expect(res.body).toEqual({ errors: [expect.objectContaining({ message: expect.any(String) })] })
  expect(res.body.errors[0].message.length).toBeGreaterThan(0)
}

export async function count(collection: Resource['slug']) {
  return (await (await payload()).count({ collection, overrideAccess: true })).totalDocs
}

export async function findLocal(collection: Resource['slug'], id: number) {
  const p = await payload()
  const { docs } = await p.find({
    collection,
    where: { id: { equals: id } },
    overrideAccess: true,
    showHiddenFields: true,
    depth: 0,
  })
  return docs[0] as unknown as Record<string, unknown> | undefined
}

async function login(user: TestUser): Promise<string> {
  const res = await api('POST', '/users/login', { body: { email: user.email, password: user.password } })
  expect(res.status, res.text).toBe(200)
  const cookie = res.headers.get('set-cookie')?.match(/payload-token=[^;]+/)?.[0]
  expect(cookie).toBeTruthy()
  return cookie!
}

/** The administrator, the editor, their sessions and the records the matrix's targets hang on, for the file. */
export function useMatrixUsers(): void {
  beforeAll(async () => {
    admin = await createUser('admin')
    editor = await createUser('editor')
    adminCookie = await login(admin)
    editorCookie = await login(editor)
    groupId = await local('service-groups', { name: 'Matrix group' })
    serviceId = await local('services', { name: 'Matrix service', group: groupId })
  })

  afterAll(async () => {
    // Uploaded files live on disk: delete every media document so its files go too.
    const p = await payload()
    await p.delete({ collection: 'media', where: { id: { exists: true } }, overrideAccess: true })
  })
}

let seq = 0
export const nextTag = () => `${++seq}-${randomUUID().slice(0, 6)}`

/** Every principal of `among` × every collection and global × every operation. */
export function describeMatrix(among: Principal[]): void {
  describe.each(among)('$name', (principal) => {
    describe.each(resources)('$slug', (resource) => {
      it(`list → ${expectedFor(principal, resource, 'list')}`, async () => {
        const expected = expectedFor(principal, resource, 'list')
        const res = await api('GET', `/${resource.slug}?limit=100`, { headers: principal.headers() })
        if (expected !== 200) {
          expectErrorBody(res, expected)
          return
        }
        expect(res.status, res.text).toBe(200)
        expect(Array.isArray(res.body.docs)).toBe(true)
        if (resource.slug === 'users' && principal.kind === 'editor') {
          // Itself, and only itself.
          expect(res.body.docs.map((d: { id: number }) => d.id)).toEqual([editor.id])
        } else {
          expect(res.body.totalDocs).toBe(await count(resource.slug))
        }
      })

      it(`read by id → ${expectedFor(principal, resource, 'read')}`, async () => {
        const expected = expectedFor(principal, resource, 'read')
        const id = await resource.makeTarget(nextTag())
        const res = await api('GET', `/${resource.slug}/${id}`, { headers: principal.headers() })
        if (expected !== 200) {
          expectErrorBody(res, expected)
          return
        }
        expect(res.status, res.text).toBe(200)
        expect(res.body.id).toBe(id)
      })

      it(`create → ${expectedFor(principal, resource, 'create')}`, async () => {
        const expected = expectedFor(principal, resource, 'create')
        const tag = nextTag()
        const before = await count(resource.slug)
        const res =
          resource.slug === 'media'
            ? await upload(resource.createBody(tag), principal.headers(), `upload-${tag}.png`)
            : await api('POST', `/${resource.slug}`, { headers: principal.headers(), body: resource.createBody(tag) })
        if (expected !== 201) {
          expectErrorBody(res, expected)
          expect(await count(resource.slug)).toBe(before)
          return
        }
        expect(res.status, res.text).toBe(201)
        expect(res.body.doc.id).toEqual(expect.any(Number))
        expect(await findLocal(resource.slug, res.body.doc.id)).toBeDefined()
        expect(await count(resource.slug)).toBe(before + 1)
      })

      it(`update → ${expectedFor(principal, resource, 'update')}`, async () => {
        const expected = expectedFor(principal, resource, 'update')
        const tag = nextTag()
        const id = await resource.makeTarget(tag)
        const before = await findLocal(resource.slug, id)
        const body = resource.updateBody(tag)
        const res = await api('PATCH', `/${resource.slug}/${id}`, { headers: principal.headers(), body })
        const after = await findLocal(resource.slug, id)
        if (expected !== 200) {
          expectErrorBody(res, expected)
          expect(after?.[resource.updateField]).toEqual(before?.[resource.updateField])
          return
        }
        expect(res.status, res.text).toBe(200)
        expect(after?.[resource.updateField]).toBe(body[resource.updateField])
      })

      it(`delete → ${expectedFor(principal, resource, 'delete')}`, async () => {
        const expected = expectedFor(principal, resource, 'delete')
        const id = await resource.makeTarget(nextTag())
        const res = await api('DELETE', `/${resource.slug}/${id}`, { headers: principal.headers() })
        if (expected !== 200) {
          expectErrorBody(res, expected)
          expect(await findLocal(resource.slug, id)).toBeDefined()
          return
        }
        expect(res.status, res.text).toBe(200)
        expect(await findLocal(resource.slug, id)).toBeUndefined()
      })
    })

    describe.each([
      {
        slug: 'settings',
        publicRead: true,
        body: (tag: string) => ({ description: `Set ${tag}` }),
        field: 'description',
        shown: 'siteName',
      },
      {
        slug: 'email-settings',
        publicRead: false,
        body: (tag: string) => ({ host: `smtp-${tag}.example.test` }),
        field: 'host',
        shown: 'port',
      },
      {
        slug: 'sms-settings',
        publicRead: false,
        body: (tag: string) => ({ accountSid: `AC${tag}` }),
        field: 'accountSid',
        shown: 'apiBaseUrl',
      },
    ] as const)('global $slug', (global) => {
      const readExpected: Expected =
        principal.kind === 'admin' || global.publicRead ? 200 : principal.kind === 'editor' ? 403 : 401
      const updateExpected: Expected = principal.kind === 'admin' ? 200 : principal.kind === 'editor' ? 403 : 401

      it(`read → ${readExpected}`, async () => {
        const res = await api('GET', `/globals/${global.slug}`, { headers: principal.headers() })
        if (readExpected !== 200) {
          expectErrorBody(res, readExpected)
          return
        }
        expect(res.status, res.text).toBe(200)
        expect(res.body.errors).toBeUndefined()
        // A field with a default: present even before the global was first saved.
        expect(res.body).toHaveProperty(global.shown)
      })

      it(`update → ${updateExpected}`, async () => {
        const p = await payload()
        const tag = nextTag()
        const before = (await p.findGlobal({ slug: global.slug, overrideAccess: true })) as unknown as Record<
          string,
          unknown
        >
        const body: Record<string, string> = global.body(tag)
        const res = await api('POST', `/globals/${global.slug}`, { headers: principal.headers(), body })
        const after = (await p.findGlobal({ slug: global.slug, overrideAccess: true })) as unknown as Record<
          string,
          unknown
        >
        if (updateExpected !== 200) {
          expectErrorBody(res, updateExpected)
          expect(after[global.field]).toEqual(before[global.field])
          return
        }
        expect(res.status, res.text).toBe(200)
        expect(after[global.field]).toBe(body[global.field])
      })
    })
  })
}
