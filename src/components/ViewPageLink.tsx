'use client'
/**
 * In the sidebar of a page (docs/pages.md): a link to it as visitors see it, at its public URL, else at
 * `/p/<slug>/` on this host, once it has been saved. A Payload `ui` field: it stores nothing.
 */
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'

import { pageViewUrl } from '@/domain/pages'

export function ViewPageLink() {
  const { id } = useDocumentInfo()
  const slug = useFormFields(([fields]) => fields.slug?.value)
  const publicUrl = useFormFields(([fields]) => fields.publicUrl?.value)
  if (!id || typeof slug !== 'string' || !slug)
    return <p style={{ marginBottom: '1rem' }}>The page can be viewed once it is saved.</p>
  const href = pageViewUrl({ slug, publicUrl: typeof publicUrl === 'string' ? publicUrl : null })
  return (
    <p style={{ marginBottom: '1rem' }}>
      <a href={href} target="_blank" rel="noopener">
        View page ↗
      </a>{' '}
      <code>{href}</code>
    </p>
  )
}
