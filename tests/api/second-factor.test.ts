/**
 * Operators' second factor (docs/security.md, "Operators' sign-in"): enrolment by QR code and a typed code, the
 * second step of a sign-in (a right, a wrong, a replayed and a recovery code), throttled as the first; turning it
 * off; a role that requires it; a password reset that does not get round it; API keys unaffected; and the secret
 * in no answer after enrolment (REST, GraphQL).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { currentCode } from '@/auth/second-factor/totp'
import { CLIENT_ADDRESS_HEADER } from '@/runtime/headers'
import { api, createUser, graphql, payload, type TestUser } from '../helpers/api'

const T0 = new Date('2026-03-02T09:00:00Z').getTime()
let clock = T0
let admin: TestUser

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(clock)
  admin = await createUser('admin')
})

afterAll(() => vi.useRealTimers())

/** Moves the clock on by whole TOTP steps (an authenticator shows a new code every 30 seconds). */
function nextStep(steps = 1) {
  clock += steps * 30_000
  vi.setSystemTime(clock)
}

let addressCounter = 0
const freshAddress = () => `198.51.100.${++addressCounter}`

function login(
  user: { email: string; password: string },
  extra: Record<string, unknown> = {},
  address = freshAddress(),
) {
  return api('POST', '/users/login', {
    body: { email: user.email, password: user.password, ...extra },
    headers: { [CLIENT_ADDRESS_HEADER]: address },
  })
}

function secondStep(ticket: unknown, code: unknown, address = freshAddress()) {
  return api('POST', '/users/second-factor', { body: { ticket, code }, headers: { [CLIENT_ADDRESS_HEADER]: address } })
}

const cookieOf = (token: string) => ({ cookie: `payload-token=${token}` })

/** Signs in with the password alone (the account has no factor yet): its session token. */
async function passwordSession(user: TestUser): Promise<string> {
  const res = await login(user)
  expect(res.status, res.text).toBe(200)
  return res.body.token
}

/** Enrols `user` through its session: the TOTP secret (as the app holds it) and the recovery codes. */
async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const token = await passwordSession(user)
  const started = await api('POST', '/users/second-factor/enrol', { body: {}, headers: cookieOf(token) })
  expect(started.status, started.text).toBe(200)
  const { secret } = started.body
  const confirmed = await api('POST', '/users/second-factor/confirm', {
    body: { code: currentCode(secret, clock) },
    headers: cookieOf(token),
  })
  expect(confirmed.status, confirmed.text).toBe(200)
  nextStep()
  return { secret, recoveryCodes: confirmed.body.recoveryCodes }
}

async function storedColumn(id: number): Promise<string | null> {
  const p = await payload()
  const row = await p.db.findOne<{ id: number; secondFactor?: string | null }>({
    collection: 'users',
    where: { id: { equals: id } },
  })
  return row?.secondFactor ?? null
}

describe('enrolment', () => {
  it('answers an otpauth address and a QR code, is off until a right code confirms it, then shows ten recovery codes once', async () => {
    const user = await createUser('editor', 'enrols')
    const token = await passwordSession(user)
    const started = await api('POST', '/users/second-factor/enrol', { body: {}, headers: cookieOf(token) })
    expect(started.status, started.text).toBe(200)
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/)
    expect(started.body.uri).toContain(encodeURIComponent(user.email))
    expect(started.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(started.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg')
    const { secret } = started.body

    // Not on yet: the password alone still signs in.
    expect((await login(user)).status).toBe(200)
    const wrong = await api('POST', '/users/second-factor/confirm', {
      body: { code: '000000' === currentCode(secret, clock) ? '111111' : '000000' },
      headers: cookieOf(token),
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].field).toBe('code')

    const confirmed = await api('POST', '/users/second-factor/confirm', {
      body: { code: currentCode(secret, clock) },
      headers: cookieOf(token),
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body.recoveryCodes).toHaveLength(10)
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10)
    const me = await api('GET', '/users/me', { headers: cookieOf(token) })
    expect(me.body.user.secondFactorOn).toBe(true)

    // Stored sealed: neither the secret nor a recovery code is in the database's value.
    const stored = await storedColumn(user.id)
    expect(stored).toMatch(/^v1\./)
    expect(stored).not.toContain(secret)
    for (const code of confirmed.body.recoveryCodes) expect(stored).not.toContain(code.replace('-', ''))

    // A second enrolment over a factor that is on is refused (the factor stays).
    const again = await api('POST', '/users/second-factor/enrol', { body: {}, headers: cookieOf(token) })
    expect(again.status).toBe(409)
  })

  it('is refused without a session (401) and with an API key (403)', async () => {
    const user = await createUser('editor', 'keyed')
    expect((await api('POST', '/users/second-factor/enrol', { body: {} })).status).toBe(401)
    expect((await api('POST', '/users/second-factor/enrol', { body: {}, key: user.key })).status).toBe(403)
    expect(await storedColumn(user.id)).toBeNull()
  })
})

describe('signing in with the factor on', () => {
  let user: TestUser
  let secret: string
  let recoveryCodes: string[]

  beforeAll(async () => {
    user = await createUser('editor', 'two-step')
    ;({ secret, recoveryCodes } = await enrol(user))
  })
  afterEach(() => nextStep())

  it('a right password alone gives no session but a ticket; the ticket and a right code give the session', async () => {
    const first = await login(user)
    expect(first.status).toBe(401)
    expect(first.body.errors[0].data).toMatchObject({ secondFactorRequired: true })
    expect(first.body.token).toBeUndefined()
    expect(first.headers.get('set-cookie') ?? '').not.toMatch(/payload-token=[^;]/)
    const { ticket } = first.body.errors[0].data
    expect(typeof ticket).toBe('string')
    // The ticket is no session.
    expect((await api('GET', '/users/me', { token: ticket })).body.user).toBeNull()

    const done = await secondStep(ticket, currentCode(secret, clock))
    expect(done.status, done.text).toBe(200)
    expect(done.headers.get('set-cookie')).toMatch(/payload-token=[^;]+/)
    const me = await api('GET', '/users/me', { token: done.body.token })
    expect(me.body.user.email).toBe(user.email)
  })

  it('takes the code in the login itself too', async () => {
    const res = await login(user, { code: currentCode(secret, clock) })
    expect(res.status, res.text).toBe(200)
    expect((await api('GET', '/users/me', { token: res.body.token })).body.user.id).toBe(user.id)
  })

  it('refuses a wrong code (401) and gives no session', async () => {
    const { ticket } = (await login(user)).body.errors[0].data
    const code = currentCode(secret, clock)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const res = await secondStep(ticket, wrong)
    expect(res.status).toBe(401)
    expect(res.body.token).toBeUndefined()
    expect(res.headers.get('set-cookie')).toBeNull()
    const inLogin = await login(user, { code: wrong })
    expect(inLogin.status).toBe(401)
    expect(inLogin.body.token).toBeUndefined()
  })

  it("accepts a code once: the same code again (the same time step) is refused, the next step's is taken", async () => {
    const code = currentCode(secret, clock)
    const { ticket } = (await login(user)).body.errors[0].data
    expect((await secondStep(ticket, code)).status).toBe(200)
    expect((await secondStep(ticket, code)).status).toBe(401)
    expect((await login(user, { code })).status).toBe(401)
    // An earlier step's code (still inside the window) is stale too once a later one was used.
    nextStep()
    expect((await secondStep(ticket, currentCode(secret, clock - 30_000))).status).toBe(401)
    expect((await secondStep(ticket, currentCode(secret, clock))).status).toBe(200)
  })

  it('accepts a recovery code once', async () => {
    const [recovery] = recoveryCodes
    const { ticket } = (await login(user)).body.errors[0].data
    const used = await secondStep(ticket, recovery.toUpperCase())
    expect(used.status, used.text).toBe(200)
    expect((await secondStep(ticket, recovery)).status).toBe(401)
    expect((await secondStep(ticket, recoveryCodes[1])).status).toBe(200)
  })

  it('refuses a ticket that was altered, expired, or for enrolment', async () => {
    const { ticket } = (await login(user)).body.errors[0].data
    const at = ticket.length - 12
    const altered = `${ticket.slice(0, at)}${ticket[at] === 'A' ? 'B' : 'A'}${ticket.slice(at + 1)}`
    expect((await secondStep(altered, currentCode(secret, clock))).status).toBe(401)
    nextStep(11)
    expect((await secondStep(ticket, currentCode(secret, clock))).status).toBe(401)
    expect((await secondStep(undefined, currentCode(secret, clock))).status).toBe(401)
  })

  it('throttles the second step with the login budget of this address and account', async () => {
    const attacker = freshAddress()
    const { ticket } = (await login(user, {}, attacker)).body.errors[0].data
    let refused: Awaited<ReturnType<typeof secondStep>> | undefined
    for (let attempt = 0; attempt < 10 && !refused; attempt++) {
      const res = await secondStep(ticket, '000001', attacker)
      if (res.status === 429) refused = res
      else expect(res.status).toBe(401)
    }
    expect(refused?.status).toBe(429)
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0)
    // The right code from that address waits too; from another address the owner signs in.
    expect((await secondStep(ticket, currentCode(secret, clock), attacker)).status).toBe(429)
    expect((await secondStep(ticket, currentCode(secret, clock))).status).toBe(200)
  })

  it('an API key works as before (it is for automation)', async () => {
    const me = await api('GET', '/users/me', { key: user.key })
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(user.id)
    expect(
      (
        await api('POST', '/incidents', {
          key: user.key,
          body: { title: 'keyed', updates: [{ status: 'investigating', message: 'x' }] },
        })
      ).status,
    ).toBe(201)
  })

  it('no answer carries the secret, the sealed value or a recovery code (REST, GraphQL)', async () => {
    const { token } = (await login(user, { code: currentCode(secret, clock) })).body
    const stored = (await storedColumn(user.id))!
    const answers = [
      await api('GET', '/users/me', { token }),
      await api('GET', `/users/${user.id}`, { token }),
      await api('GET', `/users/${user.id}`, { key: admin.key }),
      await api('GET', '/users?limit=100', { key: admin.key }),
      await api('GET', `/users/${user.id}?depth=0&select[secondFactor]=true`, { key: admin.key }),
      await graphql(`{ Users(limit: 100) { docs { id email secondFactorOn } } }`, {}, { key: admin.key }),
      await graphql(`{ Users(limit: 100) { docs { id secondFactor } } }`, {}, { key: admin.key }),
    ]
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200)
      expect(answer.text).not.toContain(secret)
      expect(answer.text).not.toContain(stored.slice(3, 30))
      expect(answer.text).not.toMatch(/"secondFactor":"/)
      for (const code of recoveryCodes) expect(answer.text).not.toContain(code)
    }
    const asked = answers[6].body.data.Users.docs.find((doc: { id: number }) => doc.id === user.id)
    expect(asked.secondFactor).toBeNull()
    // Nor can it be probed with a filter.
    const probe = await api('GET', `/users?where[secondFactor][like]=${encodeURIComponent(stored.slice(0, 4))}`, {
      key: admin.key,
    })
    expect(probe.status).toBe(400)

    // Nor can anyone write it through the API.
    const written = await api('PATCH', `/users/${user.id}`, {
      key: admin.key,
      body: { secondFactor: 'v1.x.y', secondFactorOn: false },
    })
    expect(written.status).toBeLessThan(500)
    expect(await storedColumn(user.id)).toBe(stored)
    expect((await login(user)).status).toBe(401)
  })
})

describe('turning it off', () => {
  it('needs a current code; then the password alone signs in again', async () => {
    const user = await createUser('editor', 'turns-off')
    const { secret } = await enrol(user)
    const { token } = (await login(user, { code: currentCode(secret, clock) })).body
    nextStep()
    const code = currentCode(secret, clock)
    const wrong = await api('POST', '/users/second-factor/disable', {
      body: { code: code === '123456' ? '654321' : '123456' },
      headers: cookieOf(token),
    })
    expect(wrong.status).toBe(400)
    expect((await api('POST', '/users/second-factor/disable', { body: { code }, key: user.key })).status).toBe(403)
    const off = await api('POST', '/users/second-factor/disable', { body: { code }, headers: cookieOf(token) })
    expect(off.status, off.text).toBe(200)
    expect(await storedColumn(user.id)).toBeNull()
    expect((await login(user)).status).toBe(200)
  })

  it("an administrator turns off another account's factor (a lost phone), not by an editor", async () => {
    const user = await createUser('editor', 'lost-phone')
    await enrol(user)
    const editor = await createUser('editor', 'bystander')
    expect((await api('POST', `/users/${user.id}/second-factor/reset`, { key: editor.key })).status).toBe(403)
    expect((await api('POST', `/users/${user.id}/second-factor/reset`, { key: admin.key })).status).toBe(200)
    expect((await login(user)).status).toBe(200)
  })
})

describe('a role that requires it', () => {
  afterAll(async () => {
    await api('POST', '/globals/settings', { key: admin.key, body: { secondFactorRoles: [] } })
  })

  it('leads an account without it to enrol at sign-in, with no session until it is done', async () => {
    const user = await createUser('editor', 'must-enrol')
    const set = await api('POST', '/globals/settings', { key: admin.key, body: { secondFactorRoles: ['editor'] } })
    expect(set.status, set.text).toBe(200)
    // Not for the public, who read the settings.
    expect((await api('GET', '/globals/settings')).body.secondFactorRoles).toBeUndefined()

    const first = await login(user)
    expect(first.status).toBe(401)
    expect(first.body.errors[0].data).toMatchObject({ enrolmentRequired: true })
    expect(first.body.token).toBeUndefined()
    const { ticket } = first.body.errors[0].data
    // The enrolment ticket enrols, nothing else.
    expect((await secondStep(ticket, '123456')).status).toBe(401)
    const started = await api('POST', '/users/second-factor/enrol', { body: { ticket } })
    expect(started.status, started.text).toBe(200)
    const confirmed = await api('POST', '/users/second-factor/confirm', {
      body: { ticket, code: currentCode(started.body.secret, clock) },
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body.recoveryCodes).toHaveLength(10)
    expect((await api('GET', '/users/me', { token: confirmed.body.token })).body.user.id).toBe(user.id)
    nextStep()

    // From now on the code is asked; and it cannot be turned off while the role requires it.
    const next = await login(user)
    expect(next.body.errors[0].data).toMatchObject({ secondFactorRequired: true })
    const session = await secondStep(next.body.errors[0].data.ticket, currentCode(started.body.secret, clock))
    expect(session.status).toBe(200)
    nextStep()
    const off = await api('POST', '/users/second-factor/disable', {
      body: { code: currentCode(started.body.secret, clock) },
      headers: cookieOf(session.body.token),
    })
    expect(off.status).toBe(403)
    // Other roles are not asked.
    expect((await login(admin)).status).toBe(200)
  })
})

describe('password reset', () => {
  it('sets the new password but signs nobody in: the next sign-in still asks for the code', async () => {
    const user = await createUser('editor', 'resets')
    const { secret } = await enrol(user)
    const p = await payload()
    const resetToken = await p.forgotPassword({ collection: 'users', data: { email: user.email }, disableEmail: true })
    const newPassword = 'a-new-password-for-two-steps'
    const reset = await api('POST', '/users/reset-password', { body: { token: resetToken, password: newPassword } })
    expect(reset.status, reset.text).toBe(200)
    expect(reset.body.token).toBeUndefined()
    expect(reset.headers.get('set-cookie') ?? '').not.toMatch(/payload-token=[^;]/)
    const account = await p.db.findOne<{ id: number; sessions?: unknown[] }>({
      collection: 'users',
      where: { id: { equals: user.id } },
    })
    expect(account?.sessions ?? []).toHaveLength(0)

    const again = await login({ email: user.email, password: newPassword })
    expect(again.status).toBe(401)
    expect(again.body.errors[0].data).toMatchObject({ secondFactorRequired: true })
    expect((await secondStep(again.body.errors[0].data.ticket, currentCode(secret, clock))).status).toBe(200)
  })
})
