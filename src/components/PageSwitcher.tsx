/**
 * Above the incident and maintenance lists (a Payload beforeListTable server component, docs/pages.md): All pages and
 * each page, a link to the list of what it shows, the one shown marked, with a link to the page as visitors see it.
 * Nothing while the default page is the only one.
 */
import type { BeforeListTableServerProps } from 'payload'

import { pageChoices } from '@/admin/page-switcher'
import { serverAdminText } from '@/i18n/admin-translations'

const list = { display: 'flex', flexWrap: 'wrap', gap: '0.25rem 1.25rem', margin: 0, padding: 0 } as const

export async function PageSwitcher({
  payload,
  user,
  collectionConfig,
  searchParams,
  i18n,
}: BeforeListTableServerProps) {
  const slug = collectionConfig.slug
  if (slug !== 'incidents' && slug !== 'maintenances') return null
  const { t } = serverAdminText(i18n)
  const choices = await pageChoices(payload, user, slug, searchParams, t)
  if (!choices.length) return null
  return (
    <nav
      aria-label={t('admin.ui.pageSwitcher.pages')}
      style={{ display: 'flex', gap: '0.75rem', alignItems: 'baseline', margin: '0 0 1.25rem' }}
    >
      <span style={{ color: 'var(--theme-elevation-800)' }}>{t('admin.ui.pageSwitcher.page')}</span>
      <ul style={{ ...list, listStyle: 'none' }}>
        {choices.map((choice) => (
          <li key={choice.href}>
            <a
              href={choice.href}
              aria-current={choice.current ? 'page' : undefined}
              style={
                choice.current
                  ? { fontWeight: 700, textDecoration: 'none', borderBottom: '2px solid currentColor' }
                  : undefined
              }
            >
              {choice.label}
            </a>
            {choice.viewUrl && (
              <>
                {' '}
                <a
                  href={choice.viewUrl}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('admin.ui.pageSwitcher.view', { page: choice.label })}
                  title={t('admin.ui.pageSwitcher.view', { page: choice.label })}
                  style={{ color: 'var(--theme-elevation-800)', textDecoration: 'none' }}
                >
                  ↗
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
