/**
 * "Forgot password" sends what it says: the reset e-mail leaves through the notifications' SMTP transport, its link
 * points at the configured public address (never at the request's Host), and following it resets the password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { api, createUser, type TestUser } from '../helpers/api'
import { startSmtpSink, type SmtpSink } from '../helpers/smtp'

let smtp: SmtpSink
let user: TestUser
const saved = { SMTP_URL: process.env.SMTP_URL, SMTP_FROM: process.env.SMTP_FROM, PUBLIC_URL: process.env.PUBLIC_URL }

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'status@example.test'
  user = await createUser('editor', 'forgetful')
  const admin = await createUser('admin')
  const settings = await api('POST', '/globals/settings', {
    key: admin.key,
    body: { publicUrl: 'https://status.example.test' },
  })
  expect(settings.status, settings.text).toBe(200)
})

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  await smtp.close()
})

describe('forgot password', () => {
  it('mails a reset link to the configured public address; following it sets a new password that logs in', async () => {
    const asked = await api('POST', '/users/forgot-password', {
      body: { email: user.email },
      headers: { host: 'attacker.example' },
    })
    expect(asked.status, asked.text).toBe(200)
    await smtp.waitFor(1)
    const [mail] = smtp.to(user.email)
    expect(mail.parsed.from?.text).toContain('status@example.test')
    const link = String(mail.parsed.html).match(/https?:\/\/[^"<\s]+\/admin\/reset\/([\w%-]+)/)
    expect(link?.[0]).toMatch(/^https:\/\/status\.example\.test\/admin\/reset\//)
    expect(String(mail.parsed.html)).not.toContain('attacker.example')

    const newPassword = 'a-new-password-42'
    const reset = await api('POST', '/users/reset-password', {
      body: { token: decodeURIComponent(link![1]), password: newPassword },
    })
    expect(reset.status, reset.text).toBe(200)
    expect((await api('POST', '/users/login', { body: { email: user.email, password: user.password } })).status).toBe(
      401,
    )
    const login = await api('POST', '/users/login', { body: { email: user.email, password: newPassword } })
    expect(login.status, login.text).toBe(200)
    expect(login.body.token).toBeTruthy()
  })
})
