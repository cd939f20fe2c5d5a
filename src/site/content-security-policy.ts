/**
 * The Content-Security-Policy of the public pages. Their scripts and stylesheet are inline constants,
 * so the policy allows exactly those texts by hash: if escaping ever slipped and let markup into a page, an
 * injected script would not run. The hashes are computed from the same constants the pages embed, so they cannot
 * drift. The pages carry no style attributes, so none are allowed.
 */
import { createHash } from 'node:crypto'

import { INLINE_SCRIPTS } from './layout'
import { SITE_CSS } from './styles'

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src ${INLINE_SCRIPTS.map(hashOf).join(' ')}`,
  `style-src 'self' ${hashOf(SITE_CSS)}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ')
