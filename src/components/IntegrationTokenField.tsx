'use client'
/**
 * The integration's token in the admin: never shown from the database (only its hash is stored). A button asks for
 * a new one (POST /api/integrations/<id>/token) and shows it once, until the page is left.
 */
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

export function IntegrationTokenField() {
  const { id } = useDocumentInfo()
  const [token, setToken] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!id) {
    return (
      <div className="field-type" style={{ marginBottom: '1.5rem' }}>
        <label className="field-label">Token</label>
        <p>A token is generated when the integration is saved. Generate one here after saving to see it.</p>
      </div>
    )
  }

  const regenerate = async () => {
    if (!window.confirm('Generate a new token? The current one stops working at once.')) return
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/integrations/${id}/token`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const body = (await response.json().catch(() => null)) as {
        token?: string
        errors?: { message: string }[]
      } | null
      if (!response.ok || !body?.token)
        setError(body?.errors?.[0]?.message ?? `The request failed (${response.status}).`)
      else setToken(body.token)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: '1.5rem' }}>
      <label className="field-label">Token</label>
      {token ? (
        <>
          <p>
            Copy this token now: it is not shown again. Send it as <code>Authorization: Bearer &lt;token&gt;</code>.
          </p>
          <input
            readOnly
            value={token}
            aria-label="New integration token"
            onFocus={(event) => event.currentTarget.select()}
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
        </>
      ) : (
        <p>The token is stored hashed and cannot be shown. Generate a new one to replace it.</p>
      )}
      {error ? <p role="alert">{error}</p> : null}
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={regenerate}>
        Generate a new token
      </Button>
    </div>
  )
}
