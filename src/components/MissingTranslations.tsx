/**
 * In the sidebar of an incident or a maintenance (a Payload `ui` field, stores nothing): the languages its title or
 * updates are not yet written in (docs/languages.md, "Content"). Readers of those languages see the default
 * language's text, marked "not translated"; the locale switcher at the top of the form writes another language.
 */
import type { UIFieldServerProps } from 'payload'

import { missingTranslationsOf } from '@/admin/missing-translations'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export async function MissingTranslations({ payload, id, collectionSlug }: UIFieldServerProps) {
  if (collectionSlug !== 'incidents' && collectionSlug !== 'maintenances') return null
  if (id === undefined) return null
  const missing = await missingTranslationsOf(payload, collectionSlug, id)
  return (
    <div style={{ marginBottom: '1rem' }} data-missing-translations>
      <p style={{ margin: '0 0 0.25rem', fontWeight: 600 }}>Translations</p>
      {missing.length === 0 ? (
        <p style={{ margin: 0 }}>Written in every language.</p>
      ) : (
        <>
          <p style={{ margin: '0 0 0.25rem', color: 'var(--theme-elevation-800)' }}>
            Not yet written in (readers see the default language’s text, marked “not translated”):
          </p>
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {missing.map((m) => (
              <li key={m.locale} lang={m.locale}>
                {m.name}{' '}
                <span lang="en" style={{ color: 'var(--theme-elevation-800)' }}>
                  (
                  {[m.title ? 'title' : null, m.updates ? plural(m.updates, 'update', 'updates') : null]
                    .filter(Boolean)
                    .join(', ')}
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
