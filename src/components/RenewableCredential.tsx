'use client'
/**
 * A credential the admin can never read back (only its hash is stored): after saving, a button asks the record's
 * `POST …/<id>/token` endpoint for a new one and shows it once, until the page is left; the previous one stops
 * working. The integration's token and an access link's address are two uses (IntegrationTokenField, AccessLinkField).
 */
import { Button, useDocumentInfo } from '@payloadcms/ui'
import { type ReactNode, useState } from 'react'

import { useAdminText } from './use-admin-text'

export interface RenewableCredentialProps {
  /** The collection's REST path: `/api/<collection>`. */
  collection: string
  /** What the endpoint's answer names the new value. */
  answerField: 'token' | 'link'
  label: string
  /** Before the record is saved. */
  unsaved: string
  /** While nothing new was made: why nothing is shown. */
  stored: string
  confirm: string
  button: string
  /** Said above the new value. */
  shown: ReactNode
  ariaLabel: string
}

export function RenewableCredential(props: RenewableCredentialProps) {
  const { t } = useAdminText()
  const { id } = useDocumentInfo()
  const [value, setValue] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!id) {
    return (
      <div className="field-type" style={{ marginBottom: '1.5rem' }}>
        <label className="field-label">{props.label}</label>
        <p>{props.unsaved}</p>
      </div>
    )
  }

  const renew = async () => {
    if (!window.confirm(props.confirm)) return
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/${props.collection}/${id}/token`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const body = (await response.json().catch(() => null)) as
        (Record<string, unknown> & { errors?: { message: string }[] }) | null
      const made = body?.[props.answerField]
      if (!response.ok || typeof made !== 'string')
        setError(body?.errors?.[0]?.message ?? t('admin.ui.request.failed', { status: response.status }))
      else setValue(made)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: '1.5rem' }}>
      <label className="field-label">{props.label}</label>
      {value ? (
        <>
          <p>{props.shown}</p>
          <input
            readOnly
            value={value}
            aria-label={props.ariaLabel}
            onFocus={(event) => event.currentTarget.select()}
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
        </>
      ) : (
        <p>{props.stored}</p>
      )}
      {error ? <p role="alert">{error}</p> : null}
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={renew}>
        {props.button}
      </Button>
    </div>
  )
}
