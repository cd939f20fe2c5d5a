'use client'
/**
 * In the sidebar of an incident or a maintenance: a link to its public page (`/i/<shortId>`, `/m/<shortId>`), once
 * it has been saved and has a short id. A Payload `ui` field: it stores nothing.
 */
import { useFormFields } from '@payloadcms/ui'

export function PublicPageLink({ path }: { path: string }) {
  const shortId = useFormFields(([fields]) => fields.shortId?.value)
  if (typeof shortId !== 'string' || !shortId)
    return <p style={{ marginBottom: '1rem' }}>The public page exists once this is saved.</p>
  const href = `/${path}/${shortId}`
  return (
    <p style={{ marginBottom: '1rem' }}>
      <a href={href} target="_blank" rel="noopener">
        View public page ↗
      </a>{' '}
      <code>{href}</code>
    </p>
  )
}
