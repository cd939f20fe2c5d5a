'use client'
/**
 * Setting up the second factor: the QR code (and the secret, for an app that cannot read it), a field for the app's
 * first code, then the ten recovery codes, shown this once. Used on one's account page and by a sign-in that a role
 * requires it for (`ticket`).
 */
import { Button } from '@payloadcms/ui'
import { useId, useState } from 'react'

import { post } from './second-factor-client'
import { useAdminText } from './use-admin-text'

export function SecondFactorEnrol({ ticket, onDone }: { ticket?: string; onDone: (recoveryCodes: string[]) => void }) {
  const { t } = useAdminText()
  const codeId = useId()
  const [picture, setPicture] = useState<{ qrCode: string; secret: string } | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const start = async () => {
    setBusy(true)
    const answer = await post('/second-factor/enrol', ticket ? { ticket } : {})
    setBusy(false)
    if (answer.ok && answer.body) setPicture({ qrCode: answer.body.qrCode ?? '', secret: answer.body.secret ?? '' })
    else setError(answer.error ?? t('admin.ui.request.failed', { status: answer.status }))
  }
  const confirm = async () => {
    setBusy(true)
    const answer = await post('/second-factor/confirm', ticket ? { ticket, code } : { code })
    setBusy(false)
    if (answer.ok && answer.body) onDone(answer.body.recoveryCodes ?? [])
    else setError(answer.error ?? t('admin.ui.request.failed', { status: answer.status }))
  }

  return (
    <div className="second-factor-enrol">
      {!picture ? (
        <Button buttonStyle="secondary" size="small" disabled={busy} onClick={start}>
          {t('admin.ui.secondFactor.setUp')}
        </Button>
      ) : (
        <>
          <p>{t('admin.ui.secondFactor.scan')}</p>
          <img src={picture.qrCode} alt={t('admin.ui.secondFactor.qrAlt')} width={200} height={200} />
          <p>
            {t('admin.ui.secondFactor.orType')} <code>{picture.secret}</code>
          </p>
          <label htmlFor={codeId}>{t('admin.ui.secondFactor.code')}</label>
          <input
            id={codeId}
            className="second-factor-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button buttonStyle="primary" size="small" disabled={busy || code.trim() === ''} onClick={confirm}>
            {t('admin.ui.secondFactor.confirm')}
          </Button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  )
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useAdminText()
  return (
    <div role="status">
      <p style={{ fontWeight: 600 }}>{t('admin.ui.secondFactor.recoveryCodes')}</p>
      <ul className="second-factor-recovery-codes" style={{ fontFamily: 'monospace', columns: 2 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}
