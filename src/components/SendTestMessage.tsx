'use client'
/**
 * On the e-mail and SMS settings: sends one message with the saved settings and shows the server's answer
 * (POST /api/globals/<slug>/send-test, src/notify/test-message.ts), so a wrong password shows here, not in the log.
 */
import { Button } from '@payloadcms/ui'
import { useId, useState } from 'react'

import type { AdminKey, AdminText } from '@/i18n/admin-text'

import { useAdminText } from './use-admin-text'

type Outcome = { ok: true; text: string } | { ok: false; text: string }

/**
 * Asks the server to send the test message to `to`; its answer, or why there is none, in words (the server's own as it
 * gave them, ours in the operator's language).
 */
async function requestTestMessage(slug: string, to: string, t: AdminText['t']): Promise<Outcome> {
  try {
    const response = await fetch(`/api/globals/${slug}/send-test`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to }),
    })
    const body = (await response.json().catch(() => null)) as {
      ok?: boolean
      message?: string
      error?: string
      reply?: string
      errors?: { message: string }[]
    } | null
    if (response.ok && body?.ok) return { ok: true, text: body.message ?? t('admin.ui.testMessage.sent') }
    const error = body?.error ?? body?.errors?.[0]?.message ?? t('admin.ui.request.failed', { status: response.status })
    return { ok: false, text: body?.reply ? t('admin.ui.testMessage.reply', { error, reply: body.reply }) : error }
  } catch {
    return { ok: false, text: t('admin.ui.request.unreachable') }
  }
}

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  return (
    // The text in the theme's own colour (green or red text on the admin's background failed axe's contrast
    // check in one theme or the other); the bar beside it carries the colour.
    <p
      role={outcome.ok ? 'status' : 'alert'}
      style={{
        fontWeight: 600,
        paddingLeft: '0.6rem',
        borderLeft: `4px solid ${outcome.ok ? 'var(--theme-success-500)' : 'var(--theme-error-500)'}`,
      }}
    >
      {outcome.ok ? '✓ ' : '✗ '}
      {outcome.text}
    </p>
  )
}

function SendTestMessage({ slug, placeholder, hint }: { slug: string; placeholder: string; hint: AdminKey }) {
  const { t } = useAdminText()
  const inputId = useId()
  const [to, setTo] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const send = async () => {
    setBusy(true)
    setOutcome(null)
    try {
      setOutcome(await requestTestMessage(slug, to, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      className="field-type send-test-message"
      style={{
        marginBottom: '1.5rem',
        padding: '1rem',
        border: '1px solid var(--theme-elevation-150)',
        borderRadius: '4px',
      }}
    >
      <label className="field-label" htmlFor={inputId}>
        {t('admin.ui.testMessage.label')}
      </label>
      <p style={{ marginTop: 0 }}>
        {t(hint)} {t('admin.ui.testMessage.savedSettings')}
      </p>
      <input
        id={inputId}
        value={to}
        placeholder={placeholder}
        onChange={(event) => setTo(event.target.value)}
        style={{ width: '100%', maxWidth: '24rem', marginRight: '0.5rem' }}
      />
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={send}>
        {t(busy ? 'admin.ui.testMessage.sending' : 'admin.ui.testMessage.send')}
      </Button>
      {outcome ? <OutcomeLine outcome={outcome} /> : null}
    </div>
  )
}

export const SendTestEmail = () => {
  const { t } = useAdminText()
  return (
    <SendTestMessage
      slug="email-settings"
      placeholder={t('admin.ui.testMessage.emailPlaceholder')}
      hint="admin.ui.testMessage.emailHint"
    />
  )
}

export const SendTestSms = () => (
  <SendTestMessage slug="sms-settings" placeholder="+14155550123" hint="admin.ui.testMessage.smsHint" />
)
