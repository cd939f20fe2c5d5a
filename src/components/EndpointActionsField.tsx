'use client'
/**
 * A webhook or chat subscriber's actions in the admin: send a test delivery now (POST
 * /api/subscribers/<id>/test-delivery; a success lifts a quarantine), and, for a webhook, generate a new signing
 * secret (POST /api/subscribers/<id>/signing-secret), shown once until the page is left. Saving sends nothing.
 */
import { Button, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useState } from 'react'

async function post(path: string): Promise<{ ok: boolean; body: Record<string, unknown> | null; status: number }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return {
    ok: response.ok,
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  }
}

const errorOf = (body: Record<string, unknown> | null, status: number) =>
  ((body?.errors as { message: string }[] | undefined)?.[0]?.message ?? (body?.message as string | undefined)) ||
  `The request failed (${status}).`

export function EndpointActionsField() {
  const { id } = useDocumentInfo()
  const type = useFormFields(([fields]) => fields.type?.value)
  const [result, setResult] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!id)
    return (
      <p className="field-type">Save the subscriber first; nothing is sent on save. Then send a test delivery here.</p>
    )

  const test = async () => {
    setBusy(true)
    setResult(null)
    try {
      const { ok, body, status } = await post(`/api/subscribers/${id}/test-delivery`)
      setResult(ok && body ? `${body.sent ? 'Sent' : 'Not sent'}: ${String(body.message)}` : errorOf(body, status))
    } finally {
      setBusy(false)
    }
  }
  const regenerate = async () => {
    if (!window.confirm('Generate a new signing secret? Requests are signed with the new one at once.')) return
    setBusy(true)
    try {
      const { ok, body, status } = await post(`/api/subscribers/${id}/signing-secret`)
      if (ok && typeof body?.signingSecret === 'string') setSecret(body.signingSecret)
      else setResult(errorOf(body, status))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type endpoint-actions" style={{ marginBottom: '1.5rem' }}>
      <label className="field-label">Endpoint</label>
      {secret ? (
        <>
          <p>Copy this signing secret now: it is not shown again.</p>
          <input
            readOnly
            value={secret}
            aria-label="New signing secret"
            onFocus={(event) => event.currentTarget.select()}
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
        </>
      ) : null}
      {result ? <p role="status">{result}</p> : null}
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={test}>
        Send a test delivery
      </Button>{' '}
      {type === 'webhook' ? (
        <Button buttonStyle="secondary" size="small" disabled={busy} onClick={regenerate}>
          Generate a new signing secret
        </Button>
      ) : null}
    </div>
  )
}
