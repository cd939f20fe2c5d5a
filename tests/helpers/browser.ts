/**
 * The one way the browser suites start Chromium: Debian's package (CHROMIUM_PATH to override), headless, with the
 * flags this machine needs (no sandbox as root, nothing fetched from the network); and the one way they check a page
 * with axe-core.
 */
import AxeBuilder from '@axe-core/playwright'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import { expect } from 'vitest'

import { chromiumPath } from './preflight'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/**
 * The serious and critical axe-core violations on the page as it is now, one line each (`label: rule targets`), for
 * `expect(...).toEqual([])`. `include`/`exclude`: CSS selectors that bound what is checked.
 *
 * Every rule runs, as in the default mode; two settings only spare work no assertion reads. Legacy mode runs axe in
 * the page itself, where the default opens a blank page per check to merge the results of frames, which none of
 * these pages have; and only violations are collected, not the passes and the inapplicable. Together they make a
 * check about three times faster (docs/testing.md), and the axe sweeps are the longest tests of the suite.
 */
export async function seriousViolations(
  page: Page,
  label: string,
  { include = [], exclude = [] }: { include?: string[]; exclude?: string[] } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
  for (const selector of include) builder = builder.include(selector)
  for (const selector of exclude) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label}: ${violation.id} ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    )
}

/**
 * Clicks until `done` says the click took effect: on a busy machine a button can be clicked before React hydrated
 * it. Far apart, so that a click that did land has rendered before the next check (a second row would be blank).
 */
export async function clickUntil(button: Locator, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await done())) await button.click()
        return done()
      },
      { timeout: 150_000, interval: 15_000 },
    )
    .toBe(true)
}
