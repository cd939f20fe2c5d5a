/**
 * The uptime bars' end-to-end files share this (tests/e2e/uptime-bars*.test.ts): the built server in demo mode, whose
 * reset seeds 90 days of history, Chromium beside it, and a page opened with every group open.
 */
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'

import { type Browser, type Page } from 'playwright-core'
import { expect } from 'vitest'

import { launchChromium } from './browser'
import { chromiumPath } from './preflight'
import { browserDatabaseEnv, root, type Started, startService, stopServices } from './service'

export const shots = path.join(root, 'docs', 'screenshots')

export interface DemoSite {
  server: Started
  browser: Browser
  /** `pathname` in a new context, answered 200, with every group open so that every service's bars show. */
  open: (
    pathname: string,
    options?: { width?: number; scheme?: 'light' | 'dark'; javaScript?: boolean },
  ) => Promise<Page>
  close: () => Promise<void>
}

export async function startDemoSite(): Promise<DemoSite> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is needed at ${chromiumPath}`)
  const server = await startService({
    ...(await browserDatabaseEnv('uptime')),
    DEMO_MODE: 'true',
    DEMO_USER_EMAIL: 'demo@example.test',
    DEMO_USER_PASSWORD: 'demo-password-1234',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
  })
  const browser = await launchChromium()
  mkdirSync(shots, { recursive: true })
  const open: DemoSite['open'] = async (pathname, options = {}) => {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      colorScheme: options.scheme ?? 'light',
      javaScriptEnabled: options.javaScript ?? true,
    })
    const page = await context.newPage()
    const response = await page.goto(`${server.base}${pathname}`)
    expect(response?.status()).toBe(200)
    await page.evaluate(() =>
      document.querySelectorAll('details.group').forEach((d) => ((d as HTMLDetailsElement).open = true)),
    )
    return page
  }
  const close = async () => {
    await browser.close()
    stopServices([server])
  }
  return { server, browser, open, close }
}
