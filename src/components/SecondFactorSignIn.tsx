'use client'
/**
 * Under the admin's login form: sign-in for an account with a second factor (e-mail, password and the app's code in
 * one request, POST /api/users/login), and the enrolment a role requires, led by the ticket the login answers.
 * Payload's own form above says, for such an account, that the code is asked here.
 */
import { Button } from '@payloadcms/ui'
import { type FormEvent, useId, useState } from 'react'

import { RecoveryCodes, SecondFactorEnrol } from './SecondFactorEnrol'
import { useAdminText } from './use-admin-text'

const ADMIN_HOME = '/admin'

export function SecondFactorSignIn() {
  const { t } = useAdminText()
  const ids = { email: useId(), password: useId(), code: useId() }
  const [fields, setFields] = useState({ email: '', password: '', code: '' })
  const [enrolTicket, setEnrolTicket] = useState<string | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setMessage(null)
    const response = await fetch('/api/users/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    }).catch(() => null)
    if (!response) return setMessage(t('admin.ui.request.unreachable'))
    if (response.ok) return window.location.assign(ADMIN_HOME)
    const body = (await response.json().catch(() => null)) as {
      errors?: { message: string; data?: { enrolmentRequired?: boolean; ticket?: string } }[]
    } | null
    const error = body?.errors?.[0]
    if (error?.data?.enrolmentRequired) return setEnrolTicket(String(error.data.ticket))
    setMessage(error?.message ?? t('admin.ui.request.failed', { status: response.status }))
  }

  if (recoveryCodes)
    return (
      <div>
        <RecoveryCodes codes={recoveryCodes} />
        <a href={ADMIN_HOME}>{t('admin.ui.secondFactor.continue')}</a>
      </div>
    )
  if (enrolTicket)
    return (
      <div>
        <p>{t('admin.ui.secondFactor.requiredForRole')}</p>
        <SecondFactorEnrol ticket={enrolTicket} onDone={setRecoveryCodes} />
      </div>
    )
  const input = (name: keyof typeof fields, type: string, autoComplete: string) => (
    <input
      id={ids[name]}
      // Not Payload's names: its own login form above has an "email" and a "password" already.
      name={`second-factor-${name}`}
      type={type}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      style={{ display: 'block', width: '100%', marginBottom: '0.5rem' }}
    />
  )
  return (
    <details className="second-factor-sign-in" style={{ marginTop: '1.5rem' }}>
      <summary>{t('admin.ui.secondFactor.signInWithCode')}</summary>
      <form onSubmit={submit}>
        <label htmlFor={ids.email}>{t('admin.ui.secondFactor.email')}</label>
        {input('email', 'email', 'username')}
        <label htmlFor={ids.password}>{t('admin.ui.secondFactor.password')}</label>
        {input('password', 'password', 'current-password')}
        <label htmlFor={ids.code}>{t('admin.ui.secondFactor.code')}</label>
        {input('code', 'text', 'one-time-code')}
        <Button type="submit" buttonStyle="primary" size="small">
          {t('admin.ui.secondFactor.signIn')}
        </Button>
        {message && <p role="alert">{message}</p>}
      </form>
    </details>
  )
}
