'use client'
/**
 * Beside the webhook address: "Send a test event" runs a sample notification of this integration's tool through its
 * parser and message templates (POST /api/integrations/<id>/test-event) and shows the incident it would open and
 * what the resolve would say. A dry run: nothing is created, nobody is notified.
 */
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

import { SERVICE_STATUS_LABELS, type ServiceStatus } from '@/domain/statuses'

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

function Result({ preview }: { preview: Preview }) {
  const { incident, resolve } = preview
  return (
    <section aria-label="Test event result" className="test-event-result" style={box}>
      <p style={{ marginTop: 0, fontWeight: 600 }} role="status">
        {preview.note}
      </p>
      {incident ? (
        <>
          <h4 style={{ margin: '0.5rem 0' }}>Would open: “{incident.title}”, Investigating</h4>
          <ul style={{ margin: '0 0 0.5rem' }}>
            {incident.services.map((service) => (
              <li key={service.id}>
                {service.name}: {SERVICE_STATUS_LABELS[service.status]}
              </li>
            ))}
          </ul>
          <div>
            {incident.notifySubscribers
              ? 'Customers read, on the page and in what subscribers are sent:'
              : 'Customers read on the page (subscribers are not notified: this integration is quiet):'}
          </div>
          <blockquote style={quote}>{incident.message}</blockquote>
        </>
      ) : null}
      {preview.unknownServices.length > 0 ? <p>No service has the slug {preview.unknownServices.join(', ')}.</p> : null}
      <h4 style={{ margin: '0.5rem 0' }}>When every alert resolves: Resolved</h4>
      <blockquote style={quote}>{resolve.message}</blockquote>
      <p style={{ marginBottom: 0 }}>{resolve.services}.</p>
    </section>
  )
}

export function TestEventPreview() {
  const { id } = useDocumentInfo()
  const [busy, setBusy] = useState(false)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (!id) return <p>Save the integration first; then “Send a test event” shows what a notification would create.</p>

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
      else setError(body?.errors?.[0]?.message ?? `The request failed (${response.status}).`)
    } catch {
      setError('The request did not reach the server.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="test-event" style={{ marginTop: '0.75rem' }}>
      <Button buttonStyle="secondary" size="small" margin={false} disabled={busy} onClick={run}>
        {busy ? 'Running…' : 'Send a test event'}
      </Button>
      <span style={{ marginLeft: '0.5rem' }}>
        A dry run of a sample notification with the saved settings: nothing is created.
      </span>
      {error ? <p role="alert">{error}</p> : null}
      {preview ? <Result preview={preview} /> : null}
    </div>
  )
}
