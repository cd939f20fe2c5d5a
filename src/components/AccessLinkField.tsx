'use client'
/**
 * An access link's address in the admin: never shown from the database (only its token's hash is stored), and the
 * admin never sees a create's response. A button asks for a new address (POST /api/access-links/<id>/token) and
 * shows it once, until the page is left; the previous address stops working.
 */
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

export function AccessLinkField() {
  const { id } = useDocumentInfo()
  const [link, setLink] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!id) {
    return (
      <div className="field-type" style={{ marginBottom: '1.5rem' }}>
        <label className="field-label">Address</label>
        <p>Save the link first; then make its address here to copy it.</p>
      </div>
    )
  }

  const renew = async () => {
    if (!window.confirm('Make a new address? The current one, and the access it gave, stop working at once.')) return
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/access-links/${id}/token`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const body = (await response.json().catch(() => null)) as { link?: string; errors?: { message: string }[] } | null
      if (!response.ok || !body?.link)
        setError(body?.errors?.[0]?.message ?? `The request failed (${response.status}).`)
      else setLink(body.link)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: '1.5rem' }}>
      <label className="field-label">Address</label>
      {link ? (
        <>
          <p>Copy this address now and send it to whoever it is for: it is not shown again.</p>
          <input
            readOnly
            value={link}
            aria-label="New access link address"
            onFocus={(event) => event.currentTarget.select()}
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
        </>
      ) : (
        <p>The address is stored hashed and cannot be shown. Make a new one to see it (the old one stops working).</p>
      )}
      {error ? <p role="alert">{error}</p> : null}
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={renew}>
        Make a new address
      </Button>
    </div>
  )
}
