/**
 * What subscribers are sent, in their language (docs/languages.md): the fixed words of every e-mail, SMS and chat
 * message come from the `notify` catalogues, and a message rendered in the pseudo-locale shows none of English's.
 */
import { describe, expect, it } from 'vitest'

import type { Recurrence } from '@/domain/recurrence'
import { ENGLISH } from '@/i18n/catalogues'
import { discordMessage, slackMessage, teamsMessage } from '@/notify/chat-messages'
import type { NotificationContent } from '@/notify/content'
import { localeBase, subscriberLocale } from '@/notify/language'
import { localizedContent } from '@/notify/localize'
import {
  renderConfirmationEmail,
  renderConfirmationSms,
  renderNotificationEmail,
  renderNotificationSms,
  renderQuarantineEmail,
  renderWebhookConfirmationEmail,
  renderWebhookTakenOverEmail,
} from '@/notify/messages'

const content: NotificationContent = {
  siteName: 'Acme',
  kind: 'maintenance_scheduled',
  title: 'Database upgrade',
  statusLabel: 'Upcoming',
  status: 'upcoming',
  message: null,
  schedule: null,
  window: {
    startAt: '2026-03-03T10:00:00Z',
    endAt: '2026-03-03T12:00:00Z',
    recurrence: { frequency: 'weekly', weekdays: ['tue', 'fri'] } as Recurrence,
  },
  affected: [],
  url: 'https://status.example.test/m/abc',
}
const page = { timeZone: 'Europe/Berlin', dateFormat: 'day-month' as const, language: 'en' as const }

/** Every English text of the `notify` catalogue with its placeholders taken out: what must not show untranslated. */
const englishWords = Object.entries(ENGLISH)
  .filter(([key]) => key.startsWith('notify.'))
  .flatMap(([, text]) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|[[\]():.,;]/))
  .map((part) => part.trim())
  .filter((part) => part.split(/\s+/).length >= 3)

describe('notifications in a subscriber’s language', () => {
  it('German: the status, the window and the fixed words', () => {
    const german = localizedContent(content, 'de', page)
    expect(german.statusLabel).toBe('Geplant')
    expect(german.schedule).toBe(
      '3. März 2026, 11:00 MEZ bis 3. März 2026, 13:00 MEZ, wiederholt sich wöchentlich am Dienstag und Freitag',
    )
    const mail = renderNotificationEmail(german, 'https://u', 'https://m', 'de')
    expect(mail.subject).toBe('[Acme] Wartung geplant: Database upgrade')
    expect(mail.text).toContain('Betroffen: Kein bestimmter Dienst\n')
    expect(mail.html).toContain('<html lang="de">')
    expect(renderNotificationSms(german, 'https://m', 'de')).toBe(
      'Acme: Wartung geplant: Database upgrade (Geplant). https://status.example.test/m/abc Verwalten oder beenden: https://m',
    )
  })

  it('a reminder’s lead and a service’s change, in German and Arabic', () => {
    const reminder = { ...content, kind: 'maintenance_reminder' as const, startsInMinutes: 60 }
    expect(localizedContent(reminder, 'de', page).statusLabel).toBe('Beginnt in 60 Minuten')
    expect(localizedContent({ ...reminder, startsInMinutes: 1440 }, 'de', page).statusLabel).toBe(
      'Beginnt in 24 Stunden',
    )
    expect(localizedContent({ ...reminder, startsInMinutes: 120 }, 'ar', page).statusLabel).toBe('تبدأ خلال ساعتين')
    const change = {
      ...content,
      kind: 'service_status_changed' as const,
      change: { changeId: 1, serviceId: 2, from: 'operational' as const, to: 'major' as const, at: '' },
    }
    expect(localizedContent(change, 'de', page).statusLabel).toBe('Schwerer Ausfall (vorher Betriebsbereit)')
  })

  it('what people wrote, in the reader’s language where written, else the page’s, else English', () => {
    const written = {
      ...content,
      message: 'Upgrading the database.',
      texts: {
        en: { title: 'Database upgrade', message: 'Upgrading the database.' },
        de: { title: 'Datenbank-Upgrade', message: 'Wir aktualisieren die Datenbank.' },
        fr: { title: 'Mise à niveau de la base' },
      },
    }
    expect(localizedContent(written, 'de', page)).toMatchObject({
      title: 'Datenbank-Upgrade',
      message: 'Wir aktualisieren die Datenbank.',
    })
    expect(localizedContent(written, 'fr', page)).toMatchObject({
      title: 'Mise à niveau de la base',
      message: 'Upgrading the database.',
    })
    expect(localizedContent(written, 'ja', page).title).toBe('Database upgrade')
    expect(localizedContent(written, 'ja', { ...page, language: 'de' }).title).toBe('Datenbank-Upgrade')
    // A status change without a message stays without one.
    expect(localizedContent({ ...written, message: null }, 'de', page).message).toBeNull()
  })

  it('Arabic e-mails are right to left', () => {
    const mail = renderNotificationEmail(localizedContent(content, 'ar', page), 'https://u', 'https://m', 'ar')
    expect(mail.html).toContain('<html lang="ar" dir="rtl">')
    expect(mail.subject).toBe('[Acme] صيانة مجدولة: Database upgrade')
    expect(renderConfirmationEmail('Acme', 'https://c', undefined, 'ar').html).toContain('<html lang="ar" dir="rtl">')
  })

  it('chat messages: their labels and button in the language', () => {
    const german = localizedContent(content, 'de', page)
    expect(JSON.stringify(slackMessage(german, 'de'))).toContain('Auf der Statusseite ansehen')
    expect(JSON.stringify(discordMessage(german, new Date(0), 'de'))).toContain('"name":"Betroffen"')
    expect(JSON.stringify(teamsMessage(german, 'de'))).toContain('"title":"Wann"')
  })

  it('the pseudo-locale leaves no English sentence in any message', () => {
    const pseudo = localizedContent(content, 'en-XA', page)
    const rendered = [
      renderNotificationEmail(pseudo, 'https://u', 'https://m', 'en-XA'),
      renderNotificationEmail({ ...pseudo, affected: ['API'], message: 'Hello' }, 'https://u', 'https://m', 'en-XA'),
      renderNotificationSms(pseudo, 'https://m', 'en-XA'),
      renderConfirmationEmail('Acme', 'https://c', undefined, 'en-XA'),
      renderConfirmationSms('Acme', 'https://c', 'en-XA'),
      renderWebhookConfirmationEmail('Acme', 'https://c', 'https://h/…', 'whsec_x', 'en-XA'),
      renderQuarantineEmail('Acme', 'https://h/…', 'HTTP 500', 'en-XA'),
      renderWebhookTakenOverEmail('Acme', 'https://h/…', 'en-XA'),
      slackMessage(pseudo, 'en-XA'),
      discordMessage(pseudo, new Date(0), 'en-XA'),
      teamsMessage(pseudo, 'en-XA'),
    ].map((message) => JSON.stringify(message))
    expect(englishWords.length).toBeGreaterThan(40)
    for (const text of rendered) {
      for (const words of englishWords) expect(text, words).not.toContain(words)
      for (const label of ['"Status"', '"Affected"', '"When"', 'Investigating', 'Upcoming'])
        expect(text).not.toContain(label)
    }
  })
})

describe('whose language', () => {
  it('a visitor’s subscription keeps its own; an operator’s chat endpoint speaks its page’s default', () => {
    expect(subscriberLocale({ type: 'email', language: 'ja' }, 'de')).toBe('ja')
    expect(subscriberLocale({ type: 'webhook', language: 'ar' }, 'en')).toBe('ar')
    expect(subscriberLocale({ type: 'sms', language: null }, 'de')).toBe('en')
    expect(subscriberLocale({ type: 'slack', language: 'ja' }, 'de')).toBe('de')
    expect(subscriberLocale({ type: 'teams' }, 'fr')).toBe('fr')
  })

  it('links carry the language’s prefix unless it is the page’s default', () => {
    expect(localeBase('https://s.test/p/eu', 'de', 'en')).toBe('https://s.test/p/eu/de')
    expect(localeBase('https://s.test', 'pt-BR', 'en')).toBe('https://s.test/pt-br')
    expect(localeBase('https://s.test', 'de', 'de')).toBe('https://s.test')
  })
})
