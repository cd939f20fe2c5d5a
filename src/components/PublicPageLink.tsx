'use client'
/**
 * In the sidebar of an incident or a maintenance: a link to its public page (`/i/<shortId>`, `/m/<shortId>`), once
 * it has been saved and has a short id. A Payload `ui` field: it stores nothing.
 */
import { useFormFields } from '@payloadcms/ui'

import { useAdminText } from './use-admin-text'

export function PublicPageLink({ path }: { path: string }) {
  const { t } = useAdminText()
  const shortId = useFormFields(([fields]) => fields.shortId?.value)
  if (typeof shortId !== 'string' || !shortId)
    return <p style={{ marginBottom: '1rem' }}>{t('admin.ui.publicPage.unsaved')}</p>
  const href = `/${path}/${shortId}`
  return (
    <p style={{ marginBottom: '1rem' }}>
      <a href={href} target="_blank" rel="noopener">
        {t('admin.ui.publicPage.view')} ↗
      </a>{' '}
      <code>{href}</code>
    </p>
  )
}
