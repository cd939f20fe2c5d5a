/**
 * In the sidebar of an incident or a maintenance (a Payload `ui` field, stores nothing): the languages its title or
 * updates are not yet written in (docs/languages.md, "Content"). Readers of those languages see the default
 * language's text, marked "not translated"; the locale switcher at the top of the form writes another language.
 * Said in the operator's language; each language named in its own.
 */
import type { UIFieldServerProps } from 'payload'

import { missingTranslationsOf } from '@/admin/missing-translations'
import { serverAdminText } from '@/i18n/admin-translations'

export async function MissingTranslations({ payload, id, collectionSlug, i18n }: UIFieldServerProps) {
  if (collectionSlug !== 'incidents' && collectionSlug !== 'maintenances') return null
  if (id === undefined) return null
  const missing = await missingTranslationsOf(payload, collectionSlug, id)
  const { t, locale } = serverAdminText(i18n)
  // "title, 2 updates": the language's own way of listing the two.
  const list = new Intl.ListFormat(locale, { style: 'short', type: 'unit' })
  return (
    <div style={{ marginBottom: '1rem' }} data-missing-translations>
      <p style={{ margin: '0 0 0.25rem', fontWeight: 600 }}>{t('admin.ui.missingTranslations.title')}</p>
      {missing.length === 0 ? (
        <p style={{ margin: 0 }}>{t('admin.ui.missingTranslations.none')}</p>
      ) : (
        <>
          <p style={{ margin: '0 0 0.25rem', color: 'var(--theme-elevation-800)' }}>
            {t('admin.ui.missingTranslations.intro')}
          </p>
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {missing.map((m) => (
              <li key={m.locale} lang={m.locale}>
                {m.name}{' '}
                <span lang={locale} style={{ color: 'var(--theme-elevation-800)' }}>
                  (
                  {list.format(
                    [
                      m.title ? t('admin.ui.missingTranslations.titleMissing') : null,
                      m.updates ? t('admin.ui.missingTranslations.updates', { count: m.updates }) : null,
                    ].filter((part): part is string => part !== null),
                  )}
                  )
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
