/**
 * The Content-Security-Policy of the public pages (finding L3). Their scripts and stylesheet are inline constants,
 * so the policy allows exactly those texts by hash: if escaping ever slipped and let markup into a page, an
 * injected script would not run. The hashes are computed from the same constants the pages embed, so they cannot
 * drift. Inline style attributes (a margin here and there) stay allowed; they cannot run code.
 */
import { createHash } from 'node:crypto'

import { THEME_BOOT, THEME_TOGGLE } from './layout'
import { COPY_LINK, LOCAL_TIMES } from './pages'
import { SITE_CSS } from './styles'

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Every inline script a page can carry: the theme boot in <head>, the toggle alone or with a page's own script. */
const SCRIPTS = [THEME_BOOT, THEME_TOGGLE, THEME_TOGGLE + COPY_LINK, THEME_TOGGLE + LOCAL_TIMES]

export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src ${SCRIPTS.map(hashOf).join(' ')}`,
  `style-src 'self' ${hashOf(SITE_CSS)}`,
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ')
