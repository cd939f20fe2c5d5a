'use client'
/**
 * Beside the account's "Second factor" box: on one's own account, set it up or turn it off with a current code;
 * on someone else's (an administrator's view), turn it off for an owner who lost both phone and recovery codes.
 */
import { Button, useAuth, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useId, useState } from 'react'

import { post } from './second-factor-client'
import { RecoveryCodes, SecondFactorEnrol } from './SecondFactorEnrol'
import { useAdminText } from './use-admin-text'

export function SecondFactorSetup() {
  const { t } = useAdminText()
  const { user } = useAuth()
  const { id } = useDocumentInfo()
  const on = useFormFields(([fields]) => fields.secondFactorOn?.value === true)
  const codeId = useId()
  const [state, setState] = useState<'on' | 'off' | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const isOn = state === null ? on : state === 'on'
  if (id === undefined) return null
  const own = user?.id === id

  const turnOff = async () => {
    const answer = own ? await post('/second-factor/disable', { code }) : await post(`/${id}/second-factor/reset`, {})
    if (answer.ok) {
      setState('off')
      setMessage(t('admin.ui.secondFactor.turnedOff'))
    } else setMessage(answer.error ?? t('admin.ui.request.failed', { status: answer.status }))
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />
  if (!isOn)
    return own ? (
      <SecondFactorEnrol
        onDone={(codes) => {
          setState('on')
          setRecoveryCodes(codes)
        }}
      />
    ) : message ? (
      <p role="status">{message}</p>
    ) : null
  return (
    <div className="second-factor-setup">
      {own && (
        <>
          <label htmlFor={codeId}>{t('admin.ui.secondFactor.code')}</label>
          <input
            id={codeId}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </>
      )}
      <Button buttonStyle="secondary" size="small" disabled={own && code.trim() === ''} onClick={turnOff}>
        {t('admin.ui.secondFactor.turnOff')}
      </Button>
      {message && <p role="alert">{message}</p>}
    </div>
  )
}
