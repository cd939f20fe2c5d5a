/**
 * The public site's browser files share this (tests/e2e/site*.test.ts): the built server with an SMTP sink, an editor
 * and an administrator key, Chromium beside it, and the ways those files write, open and read pages.
 */
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'

import { type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect } from 'vitest'

import { launchChromium } from './browser'
import { chromiumPath } from './preflight'
import {
  browserDatabaseEnv,
  createUserKey,
  eventually,
  firstAdminKey,
  root,
  type Started,
  startService,
  stopServices,
} from './service'
import { type SmtpSink, startSmtpSink } from './smtp'

export const shots = path.join(root, 'test-results', 'screenshots')

/** An ISO time `n` hours from now. */
export const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString()

type Auth = Record<string, string>

export interface Site {
  server: Started
  smtp: SmtpSink
  browser: Browser
  editor: Auth
  admin: Auth
  /** A CMS write, expected to succeed; its JSON answer. */
  write: (method: string, pathname: string, auth: Auth, body: unknown) => Promise<any>
  newPage: (options?: {
    width?: number
    scheme?: 'light' | 'dark'
    timezoneId?: string
    /** The browser's language (navigator.languages, Accept-Language). */
    locale?: string
  }) => Promise<{ context: BrowserContext; page: Page }>
  /**
   * The page's main text after a (re)load (collapsed groups included), whitespace collapsed. A fresh page only: on a
   * loaded machine the edge may answer with the last good copy, marked `X-Cache: STALE`, when the fresh one takes
   * longer than its wait (src/edge/response-cache.ts); that is the slow origin's answer, not a stale cache, so load
   * again.
   */
  mainText: (page: Page, pathname: string) => Promise<string>
  /** The token in the first link to `/<kind>/<token>` in message number `count` to `address`. */
  linkToken: (address: string, kind: 'verify' | 'unsubscribe', count: number) => Promise<string>
  /** The notification an incident caused, once its delivery run has finished (completedAt set). */
  finishedNotification: (incidentId: number) => Promise<{ status: string; recipients: number; sent: number }>
  close: () => Promise<void>
}

/** `name` names the database (browserDatabaseEnv: SQLite, or PostgreSQL under E2E_DATABASE=postgres). */
export async function startSite(name: string): Promise<Site> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is needed at ${chromiumPath} (apt-get install chromium)`)
  const smtp = await startSmtpSink()
  const server = await startService({
    ...(await browserDatabaseEnv(name)),
    ...firstAdminKey(),
    STATUSPAGE_TEST_HOOKS: '1',
    // The pseudo-locale (/en-xa/) that shows every untranslated text (docs/languages.md).
    I18N_PSEUDO_LOCALE: 'true',
    // A browser suite reads far more than 100 pages a minute from one address; the limits have their own tests.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    RATE_LIMIT_SUBSCRIBE_PER_HOUR: '0',
    SMTP_URL: smtp.url,
    SMTP_FROM: 'status@example.test',
  })
  const editor = { authorization: `users API-Key ${await createUserKey(server, 'editor')}` }
  const admin = { authorization: `users API-Key ${await createUserKey(server, 'admin')}` }
  const browser = await launchChromium()
  mkdirSync(shots, { recursive: true })

  const write: Site['write'] = async (method, pathname, auth, body) => {
    const response = await fetch(`${server.base}${pathname}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    expect(response.status, text).toBeLessThan(300)
    return JSON.parse(text)
  }
  const newPage: Site['newPage'] = async (options = {}) => {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      colorScheme: options.scheme ?? 'light',
      timezoneId: options.timezoneId,
      locale: options.locale,
    })
    return { context, page: await context.newPage() }
  }
  const mainText: Site['mainText'] = async (page, pathname) => {
    const deadline = Date.now() + 60_000
    for (;;) {
      const response = await page.goto(`${server.base}${pathname}`)
      expect(response?.status()).toBe(200)
      if ((await response?.headerValue('x-cache')) !== 'STALE' || Date.now() > deadline)
        return ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ')
    }
  }
  const linkToken: Site['linkToken'] = async (address, kind, count) => {
    const mails = await eventually(`no message ${count} to ${address}`, 30_000, async () => {
      const received = smtp.to(address)
      return received.length >= count ? received : undefined
    })
    const match = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(mails[mails.length - 1].parsed.text ?? '')
    if (!match) throw new Error(`no ${kind} link to ${address}`)
    return match[1]
  }
  const finishedNotification: Site['finishedNotification'] = (incidentId) =>
    eventually(`the notification of incident ${incidentId} did not finish`, 60_000, async () => {
      const response = await fetch(`${server.base}/api/notifications?where[incident][equals]=${incidentId}&depth=0`, {
        headers: editor,
      })
      const doc = (await response.json()).docs?.[0]
      return doc?.completedAt ? doc : undefined
    })
  const close = async () => {
    await browser.close()
    stopServices([server])
    await smtp.close()
  }
  return { server, smtp, browser, editor, admin, write, newPage, mainText, linkToken, finishedNotification, close }
}
