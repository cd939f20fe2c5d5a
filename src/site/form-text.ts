/**
 * A translated sentence with markup inside it (a link, an address in bold): the catalogue holds the whole sentence
 * with a placeholder where the markup goes (`"Or {link}."`), so a translator can move it; the text around it is
 * escaped as any text is, and the markup goes in as it is.
 */
import { html, type SafeHtml } from '@/format/html'
import type { MessageKey, MessageValues, Translate } from '@/i18n/translate'

// Private-use characters around a part's name: no catalogue text and no escaped value holds them.
const OPEN = '\uE000'
const CLOSE = '\uE001'
const PART = new RegExp(`${OPEN}(\\w+)${CLOSE}`)

export function tHtml(
  t: Translate,
  key: MessageKey,
  parts: Record<string, SafeHtml>,
  values: MessageValues = {},
): SafeHtml {
  const marked = Object.fromEntries(Object.keys(parts).map((name) => [name, `${OPEN}${name}${CLOSE}`]))
  // split with a group alternates text and the names of the parts: even indexes are text, odd ones names.
  const pieces = t(key, { ...values, ...marked }).split(PART)
  return html`${pieces.map((piece, i) => (i % 2 === 0 ? piece : (parts[piece] ?? '')))}`
}
