/**
 * Subscribers have a language (docs/languages.md): the one their subscription was asked in (the request's address
 * prefix, which the edge passes on as x-statuspage-locale, else the page's default; POST /api/subscribe may name
 * another), and everything they are sent comes in it, with their links under its prefix. Real SMTP and SMS sinks.
 */
process.env.PUBLIC_URL = 'https://status.example.test'
process.env.SUBSCRIBE_RESEND_SECONDS = '0'
process.env.OUTBOUND_ALLOW_HTTP = 'true'
process.env.OUTBOUND_ALLOWED_NETWORKS = '127.0.0.1/32'

import type { Where } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import * as subscribePageRoute from '@/app/(site)/subscribe/route'
import * as subscribeRoute from '@/app/api/subscribe/route'
import { closeEmailPool } from '@/notify/email'
import { LOCALE_HEADER } from '@/runtime/headers'
import { api, BASE, createUser, payload, type TestUser } from '../helpers/api'
import { drainNotifications as drain } from '../helpers/notification-queue'
import { type SmsProvider, startSmsProvider } from '../helpers/sms-provider'
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../helpers/smtp'

const SITE = 'https://status.example.test'
let smtp: SmtpSink
let sms: SmsProvider
let admin: TestUser
let editor: TestUser
let siteName: string

const unique = () => Math.random().toString(36).slice(2, 8)

async function subscribeJson(body: unknown, locale?: string) {
  const response = await subscribeRoute.POST(
    new Request(`${BASE}/api/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(locale ? { [LOCALE_HEADER]: locale } : {}) },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, body: await response.json() }
}

async function subscribeForm(fields: Record<string, string>, locale: string) {
  const response = await subscribePageRoute.POST(
    new Request(`${BASE}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [LOCALE_HEADER]: locale },
      body: new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({}) },
  )
  return response.status
}

async function stored(where: Where) {
  const { docs } = await (
    await payload()
  ).find({ collection: 'subscribers', where, overrideAccess: true, showHiddenFields: true, depth: 0 })
  expect(docs).toHaveLength(1)
  return docs[0]
}

/** A confirmed e-mail subscriber in `language`, made by an administrator (who may set it). */
async function verifiedSubscriber(email: string, language?: string) {
  const res = await api('POST', '/subscribers', {
    key: admin.key,
    body: { type: 'email', email, verified: true, ...(language ? { language } : {}) },
  })
  expect(res.status, res.text).toBe(201)
  return stored({ email: { equals: email } })
}

const only = (mails: ReceivedMail[]) => {
  expect(mails).toHaveLength(1)
  return mails[0]
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  sms = await startSmsProvider()
  process.env.SMTP_URL = smtp.url
  process.env.SMTP_FROM = 'Status <status@example.test>'
  admin = await createUser('admin')
  editor = await createUser('editor')
  const smsSettings = await api('POST', '/globals/sms-settings', {
    key: admin.key,
    body: { enabled: true, apiBaseUrl: sms.url, accountSid: 'AC1', authToken: 'secret', fromNumber: '+15550001111' },
  })
  expect(smsSettings.status, smsSettings.text).toBe(200)
  siteName = (await (await payload()).findGlobal({ slug: 'settings', depth: 0 })).siteName ?? 'Status'
})

beforeEach(async () => {
  await drain()
  smtp.messages.length = 0
  sms.requests.length = 0
})

afterAll(async () => {
  closeEmailPool()
  await smtp.close()
  await sms.close()
})

describe('a subscriber’s language', () => {
  it('is the request’s: a German form subscription is stored in German and confirmed in German, under /de/', async () => {
    const email = `de-${unique()}@example.test`
    expect(await subscribeForm({ type: 'email', email }, 'de')).toBe(200)
    const subscriber = await stored({ email: { equals: email } })
    expect(subscriber.language).toBe('de')
    await drain()
    const mail = only(smtp.to(email))
    expect(mail.parsed.subject).toBe(`[${siteName}] Bestätigen Sie Ihr Abonnement`)
    expect(mail.parsed.text).toContain(
      `Bitte bestätigen Sie, dass Sie Status-Updates von ${siteName} erhalten möchten:\n\n${SITE}/de/verify/${subscriber.verificationToken}\n`,
    )
    expect(mail.parsed.html).toContain('<html lang="de">')
    expect(mail.parsed.html).toContain('>Abonnement bestätigen</a>')
  })

  it('is the request’s on the JSON endpoint too, and an SMS confirmation is in it', async () => {
    const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`
    expect((await subscribeJson({ type: 'sms', phone }, 'de')).status).toBe(200)
    const subscriber = await stored({ phone: { equals: phone } })
    expect(subscriber.language).toBe('de')
    await drain()
    expect(sms.requests.map((r) => r.body)).toEqual([
      `${siteName}: Bestätigen Sie Ihr Abonnement für Status-Updates unter ${SITE}/de/verify/${subscriber.verificationToken} (ignorieren Sie dies, wenn Sie es nicht angefordert haben)`,
    ])
  })

  it('is the page’s default (English) when the request names none, with links as before', async () => {
    const email = `en-${unique()}@example.test`
    expect((await subscribeJson({ type: 'email', email })).status).toBe(200)
    const subscriber = await stored({ email: { equals: email } })
    expect(subscriber.language).toBe('en')
    await drain()
    const mail = only(smtp.to(email))
    expect(mail.parsed.subject).toBe(`[${siteName}] Confirm your subscription`)
    expect(mail.parsed.text).toContain(`${SITE}/verify/${subscriber.verificationToken}\n`)
    expect(mail.parsed.html).toContain('<html lang="en">')
  })

  it('POST /api/subscribe takes a language of its own, and refuses one it does not know', async () => {
    const email = `ja-${unique()}@example.test`
    expect((await subscribeJson({ type: 'email', email, language: 'ja' }, 'de')).status).toBe(200)
    expect((await stored({ email: { equals: email } })).language).toBe('ja')
    await drain()
    expect(only(smtp.to(email)).parsed.subject).toBe(`[${siteName}] 購読の確認`)

    const refused = await subscribeJson({ type: 'email', email: `xx-${unique()}@example.test`, language: 'xx' })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/^language must be one of en, de/) })
    const typed = await subscribeJson({ type: 'email', email: `n-${unique()}@example.test`, language: 7 })
    expect(typed.status).toBe(400)
  })
})

describe('notifications in the subscriber’s language', () => {
  it('German, Arabic and English subscribers each read an incident in theirs, with their links', async () => {
    const de = await verifiedSubscriber(`n-de-${unique()}@example.test`, 'de')
    const ar = await verifiedSubscriber(`n-ar-${unique()}@example.test`, 'ar')
    const en = await verifiedSubscriber(`n-en-${unique()}@example.test`)
    expect(en.language).toBe('en')
    const title = `Database ${unique()}`
    const res = await api('POST', '/incidents', {
      key: editor.key,
      body: { title, updates: [{ status: 'investigating', message: 'Looking into it.' }] },
    })
    expect(res.status, res.text).toBe(201)
    const url = `/i/${res.body.doc.shortId}`
    await drain()

    const german = only(smtp.to(de.email!))
    expect(german.parsed.subject).toBe(`[${siteName}] Neue Störung: ${title}`)
    expect(german.parsed.text).toContain(
      [
        `Neue Störung: ${title}`,
        'Status: Wird untersucht',
        'Betroffen: Kein bestimmter Dienst',
        '',
        'Looking into it.',
        '',
        `Details: ${SITE}/de${url}`,
      ].join('\n'),
    )
    expect(german.parsed.text).toContain(
      `Sie erhalten diese Nachricht, weil Sie Updates von ${siteName} abonniert haben.\n` +
        `Dienste ändern oder abbestellen: ${SITE}/de/manage/${de.unsubscribeToken}\n` +
        `Sofort abbestellen: ${SITE}/de/unsubscribe/${de.unsubscribeToken}\n`,
    )
    const headers = german.raw
      .split('\r\n\r\n')[0]
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')
    expect(headers).toContain(`List-Unsubscribe: <${SITE}/de/unsubscribe/${de.unsubscribeToken}>`)
    expect(german.parsed.html).toContain('<html lang="de">')

    const arabic = only(smtp.to(ar.email!))
    expect(arabic.parsed.subject).toBe(`[${siteName}] عطل جديد: ${title}`)
    expect(arabic.parsed.text).toContain('الحالة: قيد التحقيق\n')
    expect(arabic.parsed.text).toContain(`تصلك هذه الرسالة لأنك اشتركت في تحديثات ${siteName}.\n`)
    expect(arabic.parsed.text).toContain(`غيّر خدماتك أو ألغِ الاشتراك: ${SITE}/ar/manage/${ar.unsubscribeToken}\n`)
    expect(arabic.parsed.html).toContain('<html lang="ar" dir="rtl">')

    const english = only(smtp.to(en.email!))
    expect(english.parsed.subject).toBe(`[${siteName}] New incident: ${title}`)
    expect(english.parsed.text).toContain(`Status: Investigating\nAffected: No particular service\n`)
    expect(english.parsed.text).toContain(`Details: ${SITE}${url}\n`)
    expect(english.parsed.text).toContain(
      `Change your services or unsubscribe: ${SITE}/manage/${en.unsubscribeToken}\n`,
    )
    expect(english.parsed.html).toContain('<html lang="en">')
  })

  it('hears what people wrote in their language where it is written, else in the English', async () => {
    const de = await verifiedSubscriber(`w-de-${unique()}@example.test`, 'de')
    const ja = await verifiedSubscriber(`w-ja-${unique()}@example.test`, 'ja')
    const created = await api('POST', '/incidents', {
      key: editor.key,
      body: { title: 'Card payments fail', updates: [{ status: 'investigating', message: 'Looking into it.' }] },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.doc.id
    const german = await api('PATCH', `/incidents/${id}?locale=de`, {
      key: editor.key,
      body: { title: 'Kartenzahlungen schlagen fehl' },
    })
    expect(german.status, german.text).toBe(200)
    await drain()
    smtp.messages.length = 0
    // The next update is written in English only: the German title, and the English message.
    const read = await api('GET', `/incidents/${id}?depth=0`, { key: editor.key })
    const updated = await api('PATCH', `/incidents/${id}`, {
      key: editor.key,
      body: { updates: [...read.body.updates, { status: 'identified', message: 'A provider is down.' }] },
    })
    expect(updated.status, updated.text).toBe(200)
    await drain()
    const inGerman = only(smtp.to(de.email!)).parsed
    expect(inGerman.subject).toBe(`[${siteName}] Update zur Störung: Kartenzahlungen schlagen fehl`)
    expect(inGerman.text).toContain('A provider is down.')
    const inJapanese = only(smtp.to(ja.email!)).parsed
    expect(inJapanese.subject).toContain('Card payments fail')
  })

  it('an administrator changes a subscriber’s language, and a page speaking German links English under /en/', async () => {
    const sub = await verifiedSubscriber(`n-switch-${unique()}@example.test`, 'de')
    const changed = await api('PATCH', `/subscribers/${sub.id}`, { key: admin.key, body: { language: 'en' } })
    expect(changed.status, changed.text).toBe(200)
    const german = await verifiedSubscriber(`n-page-de-${unique()}@example.test`, 'de')
    const settings = await api('POST', '/globals/settings', { key: admin.key, body: { language: 'de' } })
    expect(settings.status, settings.text).toBe(200)
    try {
      const title = `Queue ${unique()}`
      const res = await api('POST', '/incidents', {
        key: editor.key,
        body: { title, updates: [{ status: 'identified', message: 'Found it.' }] },
      })
      expect(res.status, res.text).toBe(201)
      await drain()
      const english = only(smtp.to(sub.email!))
      expect(english.parsed.subject).toBe(`[${siteName}] New incident: ${title}`)
      expect(english.parsed.text).toContain(`${SITE}/en/manage/${sub.unsubscribeToken}\n`)
      const inGerman = only(smtp.to(german.email!))
      expect(inGerman.parsed.text).toContain('Status: Ursache gefunden\n')
      expect(inGerman.parsed.text).toContain(`${SITE}/manage/${german.unsubscribeToken}\n`)
    } finally {
      await api('POST', '/globals/settings', { key: admin.key, body: { language: 'en' } })
    }
  })

  it('refuses a language it does not know in the admin', async () => {
    const res = await api('POST', '/subscribers', {
      key: admin.key,
      body: { type: 'email', email: `bad-${unique()}@example.test`, language: 'xx' },
    })
    expect(res.status).toBe(400)
  })
})
