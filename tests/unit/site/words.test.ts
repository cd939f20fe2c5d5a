import { describe, expect, it } from 'vitest'

import { durationParts, estimateDuration } from '@/domain/duration'
import { headlineParts, overallHeadline } from '@/domain/overall-status'
import { repeatsLabel, repeatsParts } from '@/domain/recurrence'
import { formatDateTime, formatDay } from '@/format/dates'
import { html } from '@/format/html'
import { translator } from '@/i18n/translate'
import { percentText } from '@/site/uptime-bars'
import { durationText } from '@/i18n/durations'
import { headlineText, repeatsText, tHtml } from '@/site/words'

const en = translator('en')
const de = translator('de')
const ar = translator('ar')

describe("the public pages' words", () => {
  it('say a length of time as the English estimate does, and in other languages with their plurals', () => {
    const start = new Date('2026-11-26T12:00:00Z')
    for (const minutes of [0, 1, 2, 60, 61, 125, 24 * 60, 26 * 60 + 50, 3 * 24 * 60]) {
      const end = new Date(start.getTime() + minutes * 60_000)
      expect(durationText(en, durationParts(start, end))).toBe(estimateDuration(start, end))
    }
    const parts = durationParts(start, new Date('2026-11-26T14:00:00Z'))
    expect(durationText(de, parts)).toBe('2 Stunden')
    expect(durationText(ar, parts)).toBe('ساعتان')
    expect(durationText(ar, { days: 0, hours: 3, minutes: 1 })).toBe('3 ساعات ودقيقة واحدة')
  })

  it('say the headline as overallHeadline does in English, and in German', () => {
    const cases: [{ name: string; status: 'major' | 'partial' | 'operational' }[], 'major' | 'partial'][] = [
      [[{ name: 'Payments', status: 'major' }], 'major'],
      [
        [
          { name: 'A', status: 'partial' },
          { name: 'B', status: 'partial' },
        ],
        'partial',
      ],
      [[{ name: 'A', status: 'operational' }], 'major'],
    ]
    for (const [services, overall] of cases)
      expect(headlineText(en, headlineParts(services, overall))).toBe(overallHeadline(services, overall))
    expect(headlineText(de, headlineParts([{ name: 'Payments', status: 'major' }], 'major'))).toBe(
      'Payments: schwerer Ausfall',
    )
  })

  it('say how a series repeats as repeatsLabel does in English, and in German', () => {
    const start = new Date('2026-11-24T02:00:00Z')
    for (const rule of [
      { frequency: 'daily' as const },
      { frequency: 'weekly' as const, weekdays: ['fri', 'tue'] as const },
      { frequency: 'weekly' as const, weekdays: ['mon', 'tue', 'fri'] as const },
      { frequency: 'monthly' as const, dayOfMonth: 22 },
    ]) {
      const label = repeatsLabel(rule, start, 'UTC')!
      expect(repeatsText(en, 'en', repeatsParts(rule, start, 'UTC'))).toBe(label[0].toUpperCase() + label.slice(1))
    }
    const weekly = repeatsParts({ frequency: 'weekly', weekdays: ['tue', 'fri'] }, start, 'UTC')
    expect(repeatsText(de, 'de', weekly)).toBe('Wiederholt sich wöchentlich am Dienstag und Freitag')
  })

  it('put markup where a translation puts its placeholder, and escape the rest', () => {
    const time = html`<time datetime="x">27 Nov</time>`
    expect(tHtml(ar, 'site.card.resolved', { time }).value).toBe('تم الحل <time datetime="x">27 Nov</time>')
    expect(tHtml(en, 'site.history.headingOf', { service: '<b>' }).value).toBe('History of &lt;b&gt;')
  })

  it('write dates and percentages in the language, English ones as before', () => {
    expect(formatDateTime('2026-11-27T14:05:00Z', 'UTC')).toBe('27 Nov 2026, 14:05 UTC')
    expect(formatDateTime('2026-11-27T14:05:00Z', 'UTC', null, 'en-XA')).toBe('27 Nov 2026, 14:05 UTC')
    expect(formatDateTime('2026-11-27T14:05:00Z', 'UTC', null, 'de')).toBe('27. Nov. 2026, 14:05 UTC')
    expect(formatDay('2026-03-09', 'month-day', 'fr')).toBe('9 mars 2026')
    expect(percentText(99.999)).toBe('99.99%')
    expect(percentText(99.5, 'de')).toBe('99,50\u00a0%')
    expect(percentText(100, 'fr')).toBe('100\u00a0%')
  })
})
