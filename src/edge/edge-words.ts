/**
 * The words of the few pages the edge writes itself (a form's 429, a page's 503 with no page of Next's to show), in
 * the language the request's address names (docs/languages.md). The edge imports nothing of the application: server.ts
 * hands it the catalogues' words (src/i18n/edge-words.ts); without them, English. Every text is HTML already escaped.
 */
import type { AnyLocale } from '@/domain/locales'

export interface EdgePageWords {
  tooManyTitle: string
  /** "Too many requests from this address; try again in 60 seconds." */
  tooMany: (seconds: number) => string
  back: string
  unavailableTitle: string
  unavailable: string
}

export type EdgeWords = (locale: AnyLocale) => EdgePageWords

const retryPhrase = (n: number) => (n >= 120 ? `${Math.ceil(n / 60)} minutes` : `${n} second${n === 1 ? '' : 's'}`)

export const ENGLISH_EDGE_WORDS: EdgeWords = () => ({
  tooManyTitle: 'Too many requests',
  tooMany: (seconds) => `Too many requests from this address; try again in ${retryPhrase(seconds)}.`,
  back: 'Back to the status page',
  unavailableTitle: 'Temporarily unavailable',
  unavailable: 'The status could not be read just now. Please try again shortly.',
})
