/**
 * The one way the browser suites start Chromium: Debian's package (CHROMIUM_PATH to override), headless, with the
 * flags this machine needs (no sandbox as root, nothing fetched from the network).
 */
import { type Browser, chromium } from 'playwright-core'

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
