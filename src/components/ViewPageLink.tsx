'use client'
/**
 * In the sidebar of a page (docs/pages.md): a link to it as visitors see it, at its public URL, else at
 * `/p/<slug>/` on this host, once it has been saved. A Payload `ui` field: it stores nothing.
 */
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'

import { pageViewUrl } from '@/domain/pages'

import { useAdminText } from './use-admin-text'

export function ViewPageLink() {
  const { t } = useAdminText()
  const { id } = useDocumentInfo()
  const slug = useFormFields(([fields]) => fields.slug?.value)
  const publicUrl = useFormFields(([fields]) => fields.publicUrl?.value)
  if (!id || typeof slug !== 'string' || !slug)
    return <p style={{ marginBottom: '1rem' }}>{t('admin.ui.viewPage.unsaved')}</p>
  const href = pageViewUrl({ slug, publicUrl: typeof publicUrl === 'string' ? publicUrl : null })
  return (
    <p style={{ marginBottom: '1rem' }}>
      <a href={href} target="_blank" rel="noopener">
        {t('admin.ui.viewPage.view')} ↗
      </a>{' '}
      <code>{href}</code>
    </p>
  )
}
