/**
 * The subscriber's pages and a private page's sign-in in the reader's language (docs/languages.md): the subscribe
 * form, its answers, the manage page and the sign-in speak German and Arabic (right to left) when the edge says so
 * (LOCALE_HEADER, as it does for /de/… and /ar/…); in the pseudo-locale no plain English is left of them; and a
 * reader who signs in at /de/… returns to /de/….
 */
// E-mail is a channel the site offers (nothing is sent: no test drains the queue); the tests' pseudo-locale is served.
process.env.SMTP_URL = 'smtp://127.0.0.1:9'
process.env.SMTP_FROM = 'Status <status@example.test>'
process.env.I18N_PSEUDO_LOCALE = 'true'

import { beforeAll, describe, expect, it } from 'vitest'

import * as home from '@/app/(site)/route'
import * as signIn from '@/app/(site)/access/route'
import * as link from '@/app/(site)/access/link/[token]/route'
import * as signOut from '@/app/(site)/access/sign-out/route'
import * as manage from '@/app/(site)/manage/[token]/route'
import * as subscribe from '@/app/(site)/subscribe/route'
import * as unsubscribe from '@/app/(site)/unsubscribe/[token]/route'
import * as verify from '@/app/(site)/verify/[token]/route'
import {
  CLIENT_ADDRESS_HEADER,
  LOCALE_HEADER,
  PAGE_SLUG_HEADER,
  PUBLIC_ORIGIN_HEADER,
  SCHEME_HEADER,
} from '@/runtime/headers'
import { api, createUser, payload, type TestUser } from '../helpers/api'
import { callRoute as call } from '../helpers/site-routes'

const PRIVATE_HOST = 'team.test'
const PASSWORD = 'team-only-2026'
let admin: TestUser
let token: string
let privatePageId: number

const inLanguage = (locale: string | null, extra: Record<string, string> = {}) =>
  locale ? { [LOCALE_HEADER]: locale, ...extra } : extra
const onPrivate = (locale: string | null, address = '192.0.2.50') =>
  inLanguage(locale, {
    [PUBLIC_ORIGIN_HEADER]: `https://${PRIVATE_HOST}`,
    [SCHEME_HEADER]: 'https',
    [CLIENT_ADDRESS_HEADER]: address,
  })

/** What a reader reads of a page: its text, without scripts, styles, tags and their attributes. */
const readable = (page: string) =>
  page
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .replace(/\s+/g, ' ')

/** The English of these pages' own texts. */
const ENGLISH =
  /\b(Subscribe|subscribe|Password|password|Sign in|sign in|[Ee]-mail address|Services|Your subscription|Unsubscribe|Get notified|Save my services|not right|Back to)\b/

beforeAll(async () => {
  admin = await createUser('admin')
  const group = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Zentrale' } })
  expect(group.status, group.text).toBe(201)
  const service = await api('POST', '/services', { key: admin.key, body: { name: 'Kasse', group: group.body.doc.id } })
  expect(service.status, service.text).toBe(201)
  const subscriber = await api('POST', '/subscribers', {
    key: admin.key,
    body: { type: 'email', email: 'leser@example.test', verified: true },
  })
  expect(subscriber.status, subscriber.text).toBe(201)
  const stored = await (
    await payload()
  ).findByID({
    collection: 'subscribers',
    id: subscriber.body.doc.id,
    overrideAccess: true,
    showHiddenFields: true,
  })
  token = stored.unsubscribeToken as string
  const page = await api('POST', '/pages', {
    key: admin.key,
    body: {
      name: 'Zentrale intern',
      slug: 'team',
      hosts: [{ host: PRIVATE_HOST }],
      access: { mode: 'private', passwords: [{ label: 'Team', password: PASSWORD }] },
    },
  })
  expect(page.status, page.text).toBe(201)
  privatePageId = page.body.doc.id
})

describe('the subscribe form', () => {
  it('speaks German at /de/subscribe, and its answers too', async () => {
    const form = await call(subscribe, 'GET', '/subscribe', inLanguage('de'))
    expect(form.status).toBe(200)
    expect(form.text).toMatch(/<html lang="de"[ >]/)
    expect(form.text).toContain('<h1>Updates abonnieren</h1>')
    expect(form.text).toContain('<label for="email">E-Mail-Adresse</label>')
    expect(form.text).toContain('<legend>Dienste (optional)</legend>')
    expect(form.text).toContain('<button type="submit">Abonnieren</button>')
    // It posts to itself in German.
    expect(form.text).toContain('action="/de/subscribe"')

    const wrong = await call(subscribe, 'POST', '/subscribe', inLanguage('de'), { body: 'type=email&email=nope' })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain(
      '<p class="notice error" role="alert">Bitte geben Sie eine gültige E-Mail-Adresse an.</p>',
    )
    const unknown = await call(subscribe, 'POST', '/subscribe', inLanguage('de'), {
      body: 'type=email&email=neu%40example.test&services=gibts-nicht',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.text).toContain('Dienste: Kein Dienst hat die Kennung &quot;gibts-nicht&quot;.')
    const done = await call(subscribe, 'POST', '/subscribe', inLanguage('de'), {
      body: 'type=email&email=neu%40example.test',
    })
    expect(done.status).toBe(200)
    expect(done.text).toContain('<h1>Fast geschafft</h1>')
    expect(done.text).toContain('Danke! Sehen Sie in Ihrem Posteingang nach einer E-Mail')
  })

  it('speaks Arabic, right to left, at /ar/subscribe', async () => {
    const form = await call(subscribe, 'GET', '/subscribe', inLanguage('ar'))
    expect(form.status).toBe(200)
    expect(form.text).toMatch(/<html lang="ar" dir="rtl"[ >]/)
    expect(form.text).toContain('<h1>اشترك في التحديثات</h1>')
    expect(form.text).toContain('<label for="email">عنوان البريد الإلكتروني</label>')
    expect(form.text).toContain('<button type="submit">اشترك</button>')
    const wrong = await call(subscribe, 'POST', '/subscribe', inLanguage('ar'), { body: 'type=email' })
    expect(wrong.text).toContain('أدخل عنوان بريد إلكتروني.')
  })

  it('keeps its English where no language is named', async () => {
    const form = await call(subscribe, 'GET', '/subscribe', {})
    expect(form.text).toMatch(/<html lang="en"[ >]/)
    expect(form.text).toContain('<h1>Subscribe to updates</h1>')
    const wrong = await call(subscribe, 'POST', '/subscribe', {}, { body: 'type=email&email=nope' })
    expect(wrong.text).toContain('email must be a valid e-mail address')
  })
})

describe('a subscriber’s pages', () => {
  it('manage: German and Arabic, with the saved notice in the same language', async () => {
    const german = await call(manage, 'GET', `/manage/${token}`, inLanguage('de'), { params: { token } })
    expect(german.status).toBe(200)
    expect(german.text).toContain('<h1>Ihr Abonnement</h1>')
    expect(german.text).toContain(
      'Status-Updates von Status gehen an <strong>le***@example.test</strong>, für alle Dienste.',
    )
    expect(german.text).toContain('<button type="submit">Meine Dienste speichern</button>')
    const saved = await call(manage, 'POST', `/manage/${token}`, inLanguage('de'), {
      body: 'action=save&services=kasse',
      params: { token },
    })
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Gespeichert.')
    expect(saved.text).toContain('für die unten ausgewählten Dienste')

    const arabic = await call(manage, 'GET', `/manage/${token}`, inLanguage('ar'), { params: { token } })
    expect(arabic.text).toMatch(/<html lang="ar" dir="rtl"[ >]/)
    expect(arabic.text).toContain('<h1>اشتراكك</h1>')
    expect(arabic.text).toContain('<button type="submit">حفظ خدماتي</button>')
    expect(arabic.text).toContain('<strong>le***@example.test</strong>')
  })

  it('unsubscribe and confirmation links: in the reader’s language', async () => {
    const leave = await call(unsubscribe, 'GET', `/unsubscribe/${token}`, inLanguage('de'), { params: { token } })
    expect(leave.text).toContain('Alle Status-Updates von Status an <strong>le***@example.test</strong> abbestellen?')
    expect(leave.text).toContain(
      `Oder <a href="/de/manage/${token}">ändern Sie, von welchen Diensten Sie erfahren</a>.`,
    )
    const missing = await call(verify, 'GET', '/verify/nope', inLanguage('ar'), { params: { token: 'nope' } })
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('رابط التأكيد هذا غير صالح.')
  })
})

describe('a private page’s sign-in', () => {
  it('speaks German at /de/, posts under /de/, and says a wrong password in German', async () => {
    const page = await call(home, 'GET', '/', onPrivate('de'))
    expect(page.status).toBe(401)
    expect(page.text).toMatch(/<html lang="de"[ >]/)
    expect(page.text).toContain('<h1>Anmelden</h1>')
    expect(page.text).toContain('<label for="access-password">Passwort</label>')
    expect(page.text).toContain('<form method="post" action="/de/access"')
    const wrong = await call(signIn, 'POST', '/access', onPrivate('de', '192.0.2.51'), {
      body: 'password=nope&next=%2Fhistory',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain('Dieses Passwort ist nicht richtig.')
    expect(wrong.text).toContain('<form method="post" action="/de/access"')
  })

  it('speaks Arabic, right to left, at /ar/', async () => {
    const page = await call(home, 'GET', '/history', onPrivate('ar'))
    expect(page.status).toBe(401)
    expect(page.text).toMatch(/<html lang="ar" dir="rtl"[ >]/)
    expect(page.text).toContain('<h1>تسجيل الدخول</h1>')
    expect(page.text).toContain('<label for="access-password">كلمة المرور</label>')
    // Its other languages lead to the page the reader asked for.
    expect(page.text).toContain(`href="https://${PRIVATE_HOST}/de/history"`)
  })

  it('returns a reader who signed in at /de/ to /de/…, and a sign-out there to /de/', async () => {
    const right = await call(signIn, 'POST', '/access', onPrivate('de', '192.0.2.52'), {
      body: `password=${PASSWORD}&next=%2Fhistory`,
    })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe('/de/history')
    const byPath = await call(
      signIn,
      'POST',
      '/access',
      inLanguage('ja', { [PUBLIC_ORIGIN_HEADER]: 'https://status.example.test', [PAGE_SLUG_HEADER]: 'team' }),
      { body: `password=${PASSWORD}&next=%2Fi%2Fabc` },
    )
    expect(byPath.headers.get('location')).toBe('/p/team/ja/i/abc')
    // The page's default language has no prefix.
    const english = await call(signIn, 'POST', '/access', onPrivate(null, '192.0.2.53'), {
      body: `password=${PASSWORD}&next=%2Fhistory`,
    })
    expect(english.headers.get('location')).toBe('/history')
    const out = await call(signOut, 'POST', '/access/sign-out', onPrivate('de', '192.0.2.52'))
    expect(out.headers.get('location')).toBe('/de/')
  })
})

describe('a private page’s share link', () => {
  it('followed at /de/access/link/…, leads on to /de/; a wrong one says so in German', async () => {
    const created = await api('POST', '/access-links', {
      key: admin.key,
      body: {
        page: privatePageId,
        kind: 'share',
        label: 'for a guest',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    })
    expect(created.status, created.text).toBe(201)
    const linkToken = created.body.doc.token as string
    const followed = await call(link, 'GET', `/access/link/${linkToken}`, onPrivate('de', '192.0.2.60'), {
      params: { token: linkToken },
    })
    expect(followed.status).toBe(303)
    expect(followed.headers.get('location')).toBe('/de/')
    const wrong = await call(link, 'GET', '/access/link/nope', onPrivate('de', '192.0.2.61'), {
      params: { token: 'nope' },
    })
    expect(wrong.status).toBe(404)
    expect(wrong.text).toContain('<h1>Dieser Link ist ungültig</h1>')
    expect(wrong.text).toContain('<a href="/de/">Zurück zur Anmeldung</a>')
  })
})

describe('the pseudo-locale', () => {
  it('leaves no plain English on these pages', async () => {
    const pages = {
      form: await call(subscribe, 'GET', '/subscribe', inLanguage('en-XA')),
      refused: await call(subscribe, 'POST', '/subscribe', inLanguage('en-XA'), { body: 'type=email&email=nope' }),
      done: await call(subscribe, 'POST', '/subscribe', inLanguage('en-XA'), { body: 'type=email&email=x%40y.test' }),
      manage: await call(manage, 'GET', `/manage/${token}`, inLanguage('en-XA'), { params: { token } }),
      unsubscribe: await call(unsubscribe, 'GET', `/unsubscribe/${token}`, inLanguage('en-XA'), { params: { token } }),
      signIn: await call(home, 'GET', '/', onPrivate('en-XA')),
      wrong: await call(signIn, 'POST', '/access', onPrivate('en-XA', '192.0.2.54'), { body: 'password=nope' }),
    }
    for (const [name, page] of Object.entries(pages)) {
      expect(page.text, name).toMatch(/<html lang="en-XA"[ >]/)
      expect(readable(page.text), name).not.toMatch(ENGLISH)
    }
    // (The check would see English: the same pages without a language.)
    expect(readable((await call(subscribe, 'GET', '/subscribe', {})).text)).toMatch(ENGLISH)
    expect(readable((await call(home, 'GET', '/', onPrivate(null))).text)).toMatch(ENGLISH)
  })
})
