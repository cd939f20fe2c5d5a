'use client'
/**
 * Beside the webhook address: "Send a test event" runs a sample notification of this integration's tool through its
 * parser and message templates (POST /api/integrations/<id>/test-event) and shows the incident it would open and
 * what the resolve would say. A dry run: nothing is created, nobody is notified.
 */
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import type { ServiceStatus } from '@/domain/statuses'
import { incidentStatusLabel, serviceStatusLabel } from '@/i18n/statuses'

import { useAdminText } from './use-admin-text'

interface Preview {
  incident: {
    title: string
    services: { id: number; name: string; status: ServiceStatus }[]
    message: string
    notifySubscribers: boolean
  } | null
  resolve: { message: string; services: string }
  unknownServices: string[]
  note: string
}

const box = {
  margin: '0.75rem 0 0',
  padding: '0.75rem 1rem',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: '4px',
}
const quote = {
  whiteSpace: 'pre-wrap' as const,
  margin: '0.25rem 0 0.75rem',
  padding: '0.5rem 0.75rem',
  background: 'var(--theme-elevation-50)',
  borderLeft: '3px solid var(--theme-elevation-400)',
}

/** What the dry run would do; the incident's and the resolve's words are the integration's templates, as written. */
function Result({ preview }: { preview: Preview }) {
  const { t } = useAdminText()
  const { incident, resolve } = preview
  return (
    <section aria-label={t('admin.ui.testEvent.result')} className="test-event-result" style={box}>
      <p style={{ marginTop: 0, fontWeight: 600 }} role="status">
        {preview.note}
      </p>
      {incident ? (
        <>
          <h4 style={{ margin: '0.5rem 0' }}>
            {t('admin.ui.testEvent.wouldOpen', {
              title: incident.title,
              status: incidentStatusLabel(t, 'investigating'),
            })}
          </h4>
          <ul style={{ margin: '0 0 0.5rem' }}>
            {incident.services.map((service) => (
              <li key={service.id}>
                {service.name}: {serviceStatusLabel(t, service.status)}
              </li>
            ))}
          </ul>
          <div>{t(incident.notifySubscribers ? 'admin.ui.testEvent.notified' : 'admin.ui.testEvent.quiet')}</div>
          <blockquote style={quote}>{incident.message}</blockquote>
        </>
      ) : null}
      {preview.unknownServices.length > 0 ? (
        <p>{t('admin.ui.testEvent.unknownServices', { slugs: preview.unknownServices.join(', ') })}</p>
      ) : null}
      <h4 style={{ margin: '0.5rem 0' }}>
        {t('admin.ui.testEvent.resolves', { status: incidentStatusLabel(t, 'resolved') })}
      </h4>
      <blockquote style={quote}>{resolve.message}</blockquote>
      <p style={{ marginBottom: 0 }}>{resolve.services}.</p>
    </section>
  )
}

export function TestEventPreview() {
  const { t } = useAdminText()
  const { id } = useDocumentInfo()
  const [busy, setBusy] = useState(false)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (!id) return <p>{t('admin.ui.testEvent.unsaved')}</p>

  const run = async () => {
    setBusy(true)
    setError(null)
    setPreview(null)
    try {
      const response = await fetch(`/api/integrations/${id}/test-event`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const body = (await response.json().catch(() => null)) as (Preview & { errors?: { message: string }[] }) | null
      if (response.ok && body) setPreview(body)
      else setError(body?.errors?.[0]?.message ?? t('admin.ui.request.failed', { status: response.status }))
    } catch {
      setError(t('admin.ui.request.unreachable'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="test-event" style={{ marginTop: '0.75rem' }}>
      <Button buttonStyle="secondary" size="small" margin={false} disabled={busy} onClick={run}>
        {t(busy ? 'admin.ui.testEvent.running' : 'admin.ui.testEvent.run')}
      </Button>
      <span style={{ marginLeft: '0.5rem' }}>{t('admin.ui.testEvent.dryRun')}</span>
      {error ? <p role="alert">{error}</p> : null}
      {preview ? <Result preview={preview} /> : null}
    </div>
  )
}
