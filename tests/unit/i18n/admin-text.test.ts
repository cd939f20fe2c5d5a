/**
 * The admin's own words (src/i18n/admin-text.ts, admin-translations.ts): every admin language hands Payload every
 * component text under our namespace, in its own words; a text formats the same from the server's catalogue and from
 * what Payload gave the browser, its tags made elements; a refusal src/domain wrote in English is answered in the
 * request's language, and left in English for a request in English or none.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { ADMIN_LANGUAGES } from '@/i18n/admin-languages'
import { ADMIN_NAMESPACE, adminText } from '@/i18n/admin-text'
import { adminTranslations, inRequestLanguage, requestT, serverAdminText } from '@/i18n/admin-translations'
import { ENGLISH } from '@/i18n/catalogues'
import { maintenanceWindowError } from '@/domain/maintenance-lifecycle'

const componentKeys = Object.keys(ENGLISH).filter((key) => key.startsWith('admin.ui.'))

describe('the admin components’ texts', () => {
  it('are handed to Payload in every admin language, each in its own words', () => {
    const translations = adminTranslations() as Record<string, Record<string, Record<string, string>>>
    expect(Object.keys(translations).sort()).toEqual(Object.keys(ADMIN_LANGUAGES).sort())
    for (const language of Object.keys(ADMIN_LANGUAGES)) {
      const texts = translations[language][ADMIN_NAMESPACE]
      expect(componentKeys.filter((key) => !texts[key])).toEqual([])
      expect(texts['site.status.incident.resolved']).toBeTruthy()
    }
    expect(translations.de[ADMIN_NAMESPACE]['admin.ui.incidentUpdates.add']).toBe('Update hinzufügen')
    // Payload calls Brazilian Portuguese `pt`.
    expect(translations.pt[ADMIN_NAMESPACE]['admin.ui.incidentUpdates.add']).toBe('Adicionar atualização')
  })

  it('format the same on the server and from what Payload gave the browser, plurals and tags included', () => {
    const german = serverAdminText({ language: 'de' })
    const texts = (adminTranslations() as Record<string, Record<string, Record<string, string>>>).de[ADMIN_NAMESPACE]
    const browser = adminText('de', texts)
    const values = { count: 2 }
    expect(german.t('admin.ui.dashboard.failures.deliveries', values)).toBe(
      '2 Benachrichtigungen fehlgeschlagen oder abgebrochen.',
    )
    expect(browser.t('admin.ui.dashboard.failures.deliveries', values)).toBe(
      german.t('admin.ui.dashboard.failures.deliveries', values),
    )
    const strong = (words: unknown) => createElement('strong', null, words as string)
    const html = renderToStaticMarkup(
      createElement('p', null, german.rich('admin.ui.firstUser.password', { count: 12 }, { strong })),
    )
    expect(html).toBe('<p><strong>Passwort:</strong> mindestens 12 Zeichen.</p>')
    // A value inside a tag, and a tag named as a value refused (it would take the value's place).
    const link = (words: unknown) => createElement('a', { href: '/x' }, words as string)
    expect(
      renderToStaticMarkup(
        createElement(
          'p',
          null,
          german.rich('admin.ui.dashboard.failures.latest', { reason: 'SMTP 535' }, { strong, link }),
        ),
      ),
    ).toBe(
      '<p>Zuletzt: <strong>SMTP 535</strong> Prüfen Sie die Einstellungen mit <a href="/x">Testnachricht senden</a>.</p>',
    )
    expect(() => german.rich('admin.ui.dashboard.failures.latest', { strong: 'x' }, { strong, link })).toThrow(/strong/)
    expect(serverAdminText({ language: 'xx' }).t('admin.ui.incidentUpdates.add')).toBe('Add update')
  })
})

describe('a check’s message', () => {
  const german = { i18n: { language: 'de' } }
  const english = { i18n: { language: 'en' } }
  const endBeforeStart = maintenanceWindowError({
    scheduledStartAt: new Date('2026-01-02T00:00:00Z'),
    scheduledEndAt: new Date('2026-01-01T00:00:00Z'),
  })!

  it('is in the request’s language when src/domain wrote it in English', () => {
    expect(inRequestLanguage(german, endBeforeStart)).toBe('Das geplante Ende muss nach dem geplanten Beginn liegen')
  })

  it('stays as written in English, for an English request, one without a language, and a text no check has', () => {
    expect(inRequestLanguage(english, endBeforeStart)).toBe(endBeforeStart)
    expect(inRequestLanguage(undefined, endBeforeStart)).toBe(endBeforeStart)
    expect(inRequestLanguage(german, 'something else')).toBe('something else')
    expect(requestT(null)('admin.check.subscriber.follows', { field: 'phone' })).toBe(
      'This phone already follows this page.',
    )
  })
})
