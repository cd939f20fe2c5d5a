/**
 * Embedding a page (docs/widget.md): the widget's script (/embed.js) and the compact view for an iframe (/embed), per
 * page and in the response's language, and the Embedding origins that may frame the view. The route handlers get the
 * headers the edge sets, as in tests/api/pages.test.ts; the browser's part (the widget on another site under a
 * strict policy, the frame refused or allowed) is tests/e2e/site-look.test.ts's.
 */
import { gzipSync } from 'node:zlib'

import { beforeAll, describe, expect, it } from 'vitest'

import * as signIn from '@/app/(site)/access/route'
import * as embedRoute from '@/app/(site)/embed/route'
import * as scriptRoute from '@/app/(site)/embed.js/route'
import * as homeRoute from '@/app/(site)/route'
import * as summaryRoute from '@/app/api/v2/summary.json/route'
import { PUBLIC_CACHE_CONTROL } from '@/edge/cache-control'
import {
  CLIENT_ADDRESS_HEADER,
  LOCALE_HEADER,
  PAGE_SLUG_HEADER,
  PUBLIC_ORIGIN_HEADER,
  SCHEME_HEADER,
} from '@/runtime/headers'
import { api, createUser, type TestUser } from '../helpers/api'
import { callRoute } from '../helpers/site-routes'

const onDefault = { [PUBLIC_ORIGIN_HEADER]: 'https://status.example.test' }
/** Page `pay` (German by default), by its path form on the default page's host. */
const onPay = { ...onDefault, [PAGE_SLUG_HEADER]: 'pay' }
const INTERNAL = 'internal.example.test'
const onInternal = {
  [PUBLIC_ORIGIN_HEADER]: `https://${INTERNAL}`,
  [SCHEME_HEADER]: 'https',
  [CLIENT_ADDRESS_HEADER]: '192.0.2.10',
}
const PASSWORD = 'employees-only-2026'

let admin: TestUser
let payId: number

const get = (route: Parameters<typeof callRoute>[0], path: string, headers: Record<string, string>) =>
  callRoute(route, 'GET', path, headers)

/** A page's summary as another site's page asks for it: readable there (CORS), never with credentials. */
async function summaryFromElsewhere(path: string, headers: Record<string, string>) {
  const answer = await get(summaryRoute, path, { ...headers, origin: 'https://app.example.com' })
  expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  expect(answer.headers.get('access-control-allow-credentials')).toBeNull()
  return answer
}

beforeAll(async () => {
  admin = await createUser('admin')
  const write = async (path: string, body: unknown) => {
    const created = await api('POST', path, { key: admin.key, body })
    expect(created.status, created.text).toBe(201)
    return created.body.doc
  }
  const core = await write('/service-groups', { name: 'Core' })
  const payments = await write('/services', { name: 'Payments', group: core.id, status: 'partial' })
  const payroll = await write('/service-groups', { name: 'Payroll' })
  payId = (await write('/pages', { name: 'Acme Pay', slug: 'pay', language: 'de', sections: [{ group: core.id }] })).id
  await write('/pages', {
    name: 'Acme internal',
    slug: 'internal',
    hosts: [{ host: INTERNAL }],
    sections: [{ group: payroll.id }],
    access: { mode: 'private', passwords: [{ label: 'Staff', password: PASSWORD }] },
  })
  await write('/incidents', {
    title: 'Payments delayed',
    affectedServices: [payments.id],
    updates: [{ status: 'investigating', message: 'Card payments take minutes.' }],
  })
})

describe('Embedding origins', () => {
  it('are refused unless each is an origin, with a 400 naming the field', async () => {
    const settings = await api('POST', '/globals/settings', {
      key: admin.key,
      body: { embeddingOrigins: [{ origin: 'https://app.example.com' }, { origin: 'app.example.com/dashboard' }] },
    })
    expect(settings.status, settings.text).toBe(400)
    expect(settings.body.errors[0].data.errors[0]).toMatchObject({ path: 'embeddingOrigins.1.origin' })
    const page = await api('PATCH', `/pages/${payId}`, {
      key: admin.key,
      body: { embeddingOrigins: [{ origin: "https://app.example.com; script-src 'unsafe-inline'" }] },
    })
    expect(page.status, page.text).toBe(400)
    expect(page.body.errors[0].data.errors[0]).toMatchObject({ path: 'embeddingOrigins.0.origin' })
  })

  it('are stored as browsers compare them; an editor may not set them', async () => {
    const saved = await api('POST', '/globals/settings', {
      key: admin.key,
      body: { embeddingOrigins: [{ origin: ' https://App.Example.com:443/ ' }] },
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.result.embeddingOrigins.map((row: { origin: string }) => row.origin)).toEqual([
      'https://app.example.com',
    ])
    const editor = await createUser('editor')
    const refused = await api('PATCH', `/pages/${payId}`, {
      key: editor.key,
      body: { embeddingOrigins: [{ origin: 'https://evil.example' }] },
    })
    expect(refused.status).toBe(403)
  })
})

describe('the compact view, /embed', () => {
  it("may be framed by the page's own origin only while none is listed; the rest of the site keeps its rules", async () => {
    await api('POST', '/globals/settings', { key: admin.key, body: { embeddingOrigins: [] } })
    const view = await get(embedRoute, '/embed', onDefault)
    expect(view.status).toBe(200)
    expect(view.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'self'$/)
    expect(view.headers.get('x-frame-options')).toBeNull()
    // The overall status and what is under way, its links leaving the frame for a tab of their own.
    expect(view.text).toContain('<base target="_blank">')
    expect(view.text).toContain('<meta name="robots" content="noindex">')
    expect(view.text).toContain('Payments delayed')
    expect(view.text).toContain('<a href="/">Open the full status page</a>')
    expect(view.text).not.toContain('<header')
    const home = await get(homeRoute, '/', onDefault)
    expect(home.headers.get('content-security-policy')).not.toContain('frame-ancestors')
    expect(home.headers.get('x-frame-options')).toBeNull()
  })

  it('may be framed by the origins listed, each page by its own, in its language and under its address', async () => {
    await api('POST', '/globals/settings', {
      key: admin.key,
      body: { embeddingOrigins: [{ origin: 'https://app.example.com' }, { origin: 'http://127.0.0.2:8080' }] },
    })
    await api('PATCH', `/pages/${payId}`, {
      key: admin.key,
      body: { embeddingOrigins: [{ origin: 'https://pay-app.example.com' }] },
    })
    const site = await get(embedRoute, '/embed', onDefault)
    expect(site.headers.get('content-security-policy')).toMatch(
      /; frame-ancestors 'self' https:\/\/app\.example\.com http:\/\/127\.0\.0\.2:8080$/,
    )
    const pay = await get(embedRoute, '/embed', onPay)
    expect(pay.headers.get('content-security-policy')).toMatch(
      /; frame-ancestors 'self' https:\/\/pay-app\.example\.com$/,
    )
    expect(pay.text).toContain('<html lang="de">')
    expect(pay.text).toContain('<a href="/p/pay/">Vollständige Statusseite öffnen</a>')
  })
})

describe('the widget script, /embed.js', () => {
  it("is JavaScript in the page's language, reading that page's summary, cacheable with an ETag", async () => {
    const script = await get(scriptRoute, '/embed.js', onDefault)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(script.text).toContain('"summary":"/api/v2/summary.json?locale=en"')
    expect(script.text).toContain('"incident":"Incident:"')
    const again = await callRoute(scriptRoute, 'GET', '/embed.js', {
      ...onDefault,
      'if-none-match': script.headers.get('etag')!,
    })
    expect(again.status).toBe(304)

    const pay = await get(scriptRoute, '/embed.js', onPay)
    expect(pay.text).toContain('"summary":"/p/pay/api/v2/summary.json?locale=de"')
    expect(pay.text).toContain('"incident":"Störung:"')
    const french = await get(scriptRoute, '/embed.js', { ...onPay, [LOCALE_HEADER]: 'fr' })
    expect(french.text).toContain('"summary":"/p/pay/api/v2/summary.json?locale=fr"')
    expect(french.text).toContain('"prefix":"/fr"')
    expect(french.text).toContain('"dismiss":"Masquer"')
    // Nothing a strict policy forbids: no eval, no markup parsed from text, no style attribute.
    expect(script.text).not.toMatch(/\beval\(|new Function|innerHTML|insertAdjacentHTML|\.style\b|'style'/)
    expect(gzipSync(script.text).length).toBeLessThan(10 * 1024)
  })

  it('is an empty script for a private page, to strangers and its readers alike, never stored', async () => {
    const stranger = await get(scriptRoute, '/embed.js', onInternal)
    const signedIn = await callRoute(signIn, 'POST', '/access', onInternal, { body: `password=${PASSWORD}` })
    const reader = await get(scriptRoute, '/embed.js', {
      ...onInternal,
      cookie: signedIn.headers.get('set-cookie')!.split(';')[0],
    })
    for (const answer of [stranger, reader]) {
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(answer.text).toBe('/* This status page is private: its widget shows nothing (docs/widget.md). */\n')
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
    }
    // The summary it never asks for answers a stranger as it did: 401, readable across origins, without credentials.
    expect((await summaryFromElsewhere('/api/v2/summary.json', onInternal)).status).toBe(401)
    expect((await get(embedRoute, '/embed', onInternal)).status).toBe(401)
  })

  it('reads a public summary from any origin, never with credentials', async () => {
    const summary = await summaryFromElsewhere('/api/v2/summary.json?locale=de', onPay)
    expect(summary.status).toBe(200)
    expect(JSON.parse(summary.text).incidents.map((i: { name: string }) => i.name)).toEqual(['Payments delayed'])
  })
})
