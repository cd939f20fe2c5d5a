/**
 * The checks' messages in the operator's language (docs/languages.md, "The admin"): an operator who chose German in
 * the account's settings (Payload's `payload-lng` cookie), or whose browser asks for German, is refused in German;
 * a request in English, or without a language (an API client, a script), in the words the API has always used.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { api, type ApiResponse, createUser, type TestUser } from '../helpers/api'

let editor: TestUser
let admin: TestUser

const HOUR = 3_600_000
const iso = (offset: number) => new Date(Date.now() + offset).toISOString()

/** The message at `path` of a refusal (Payload's `data.errors`), after checking it is a 400 naming that field. */
function messageAt(res: ApiResponse, path: string): string {
  expect(res.status, res.text).toBe(400)
  const errors = (res.body.errors[0].data?.errors ?? []) as { path: string; message: string }[]
  const error = errors.find((e) => e.path === path)
  expect(error, res.text).toBeDefined()
  return error!.message
}

/** A maintenance whose window ends before it starts, asked in a language (`headers`) or none. */
const backwardsWindow = (headers: Record<string, string> = {}) =>
  api('POST', '/maintenances', {
    key: editor.key,
    headers,
    body: { title: 'Backwards', scheduledStartAt: iso(2 * HOUR), scheduledEndAt: iso(HOUR) },
  })

beforeAll(async () => {
  editor = await createUser('editor')
  admin = await createUser('admin')
})

describe('a check refusing an operator', () => {
  it('speaks German to one who chose German (the payload-lng cookie), over the browser’s English', async () => {
    const res = await backwardsWindow({ cookie: 'payload-lng=de', 'accept-language': 'en-US,en;q=0.9' })
    expect(messageAt(res, 'scheduledEndAt')).toBe('Das geplante Ende muss nach dem geplanten Beginn liegen')
  })

  it('speaks German to one whose browser asks for German', async () => {
    const res = await backwardsWindow({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })
    expect(messageAt(res, 'scheduledEndAt')).toBe('Das geplante Ende muss nach dem geplanten Beginn liegen')
  })

  it('keeps the API’s English for a request in English, and for one without a language', async () => {
    for (const headers of [{ 'accept-language': 'en-US' }, {}] as Record<string, string>[]) {
      const res = await backwardsWindow(headers)
      expect(messageAt(res, 'scheduledEndAt')).toBe('scheduledEndAt must be after scheduledStartAt')
    }
  })

  it('names a field’s own rule in German, and a final maintenance’s statuses in German words', async () => {
    const german = { cookie: 'payload-lng=de' }
    const subscriber = await api('POST', '/subscribers', {
      key: admin.key,
      headers: german,
      body: { type: 'email', email: 'not an address' },
    })
    expect(messageAt(subscriber, 'email')).toBe('Geben Sie eine gültige E-Mail-Adresse an')

    const made = await api('POST', '/maintenances', {
      key: editor.key,
      body: { title: 'Done early', scheduledStartAt: iso(-HOUR), scheduledEndAt: iso(HOUR) },
    })
    expect(made.status, made.text).toBe(201)
    const path = `/maintenances/${made.body.doc.id}`
    expect((await api('PATCH', path, { key: editor.key, body: { status: 'completed' } })).status).toBe(200)
    const reopened = await api('PATCH', path, { key: editor.key, headers: german, body: { status: 'upcoming' } })
    expect(messageAt(reopened, 'status')).toBe(
      'Eine abgeschlossene Wartung ist endgültig und kann nicht mehr „Geplant“ werden',
    )
    const inEnglish = await api('PATCH', path, { key: editor.key, body: { status: 'upcoming' } })
    expect(messageAt(inEnglish, 'status')).toBe('a completed maintenance is final and cannot become upcoming')
  })
})
