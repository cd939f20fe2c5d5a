'use client'
/**
 * A webhook or chat subscriber's actions in the admin: send a test delivery now (POST
 * /api/subscribers/<id>/test-delivery; a success lifts a quarantine), and, for a webhook, generate a new signing
 * secret (POST /api/subscribers/<id>/signing-secret), shown once until the page is left. Saving sends nothing.
 */
import { Button, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useState } from 'react'

import type { AdminText } from '@/i18n/admin-text'

import { useAdminText } from './use-admin-text'

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

const errorOf = (body: Record<string, unknown> | null, status: number, t: AdminText['t']) =>
  ((body?.errors as { message: string }[] | undefined)?.[0]?.message ?? (body?.message as string | undefined)) ||
  t('admin.ui.request.failed', { status })

export function EndpointActionsField() {
  const { t } = useAdminText()
  const { id } = useDocumentInfo()
  const type = useFormFields(([fields]) => fields.type?.value)
  const [result, setResult] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!id) return <p className="field-type">{t('admin.ui.endpoint.unsaved')}</p>

  const test = async () => {
    setBusy(true)
    setResult(null)
    try {
      const { ok, body, status } = await post(`/api/subscribers/${id}/test-delivery`)
      setResult(
        ok && body
          ? t(body.sent ? 'admin.ui.endpoint.sent' : 'admin.ui.endpoint.notSent', { message: String(body.message) })
          : errorOf(body, status, t),
      )
    } finally {
      setBusy(false)
    }
  }
  const regenerate = async () => {
    if (!window.confirm(t('admin.ui.endpoint.confirmSecret'))) return
    setBusy(true)
    try {
      const { ok, body, status } = await post(`/api/subscribers/${id}/signing-secret`)
      if (ok && typeof body?.signingSecret === 'string') setSecret(body.signingSecret)
      else setResult(errorOf(body, status, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field-type endpoint-actions" style={{ marginBottom: '1.5rem' }}>
      <label className="field-label">{t('admin.ui.endpoint.label')}</label>
      {secret ? (
        <>
          <p>{t('admin.ui.endpoint.secretShown')}</p>
          <input
            readOnly
            value={secret}
            aria-label={t('admin.ui.endpoint.secretInput')}
            onFocus={(event) => event.currentTarget.select()}
            style={{ width: '100%', fontFamily: 'monospace' }}
          />
        </>
      ) : null}
      {result ? <p role="status">{result}</p> : null}
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={test}>
        {t('admin.ui.endpoint.test')}
      </Button>{' '}
      {type === 'webhook' ? (
        <Button buttonStyle="secondary" size="small" disabled={busy} onClick={regenerate}>
          {t('admin.ui.endpoint.newSecret')}
        </Button>
      ) : null}
    </div>
  )
}
