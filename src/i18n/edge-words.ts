/** The edge's own pages' words from the catalogues (src/edge/edge-words.ts), escaped for HTML. */
import type { EdgeWords } from '@/edge/edge-words'
import { escapeHtml } from '@/format/html'

import { translator } from './translate'

export const catalogueEdgeWords: EdgeWords = (locale) => {
  const t = translator(locale)
  return {
    tooManyTitle: escapeHtml(t('site.edge.tooManyTitle')),
    tooMany: (seconds) =>
      escapeHtml(
        seconds >= 120
          ? t('site.edge.tooManyMinutes', { minutes: Math.ceil(seconds / 60) })
          : t('site.edge.tooManySeconds', { seconds }),
      ),
    back: escapeHtml(t('site.edge.back')),
    unavailableTitle: escapeHtml(t('site.edge.unavailableTitle')),
    unavailable: escapeHtml(t('site.edge.unavailable')),
  }
}
