'use client'
/**
 * On an integration's page: the address to paste into the monitoring tool, with copy buttons, and how the token
 * goes with it. The address is this admin's own origin, which is the service's (the webhook is on the same server).
 */
import { Button } from '@payloadcms/ui'
import { type ReactNode, useEffect, useState } from 'react'

import { TestEventPreview } from './TestEventPreview'
import { useAdminText } from './use-admin-text'

function CopyLine({ label, value }: { label: string; value: string }) {
  const { t } = useAdminText()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: '0.5rem', flexWrap: 'wrap' }}>
      <code
        aria-label={label}
        style={{
          padding: '0.4rem 0.6rem',
          background: 'var(--theme-elevation-50)',
          border: '1px solid var(--theme-elevation-150)',
          borderRadius: '3px',
          wordBreak: 'break-all',
        }}
      >
        {value}
      </code>
      <Button
        buttonStyle="secondary"
        size="small"
        margin={false}
        onClick={copy}
        aria-label={t('admin.ui.webhook.copyWhat', { what: label })}
      >
        {t(copied ? 'admin.ui.webhook.copied' : 'admin.ui.webhook.copy')}
      </Button>
    </div>
  )
}

const code = (words: ReactNode) => <code>{words}</code>

export function WebhookAddressField() {
  const { t, rich } = useAdminText()
  const [origin, setOrigin] = useState('')
  useEffect(() => setOrigin(window.location.origin), [])
  if (!origin) return null
  const url = `${origin}/api/integrations/webhook`
  return (
    <div className="field-type webhook-address" style={{ marginBottom: '1.5rem' }}>
      <span className="field-label">{t('admin.ui.webhook.label')}</span>
      <p style={{ marginTop: 0 }}>{t('admin.ui.webhook.intro')}</p>
      <CopyLine label={t('admin.ui.webhook.address')} value={url} />
      <CopyLine label={t('admin.ui.webhook.header')} value="Authorization: Bearer <token>" />
      <p style={{ marginBottom: 0 }}>{rich('admin.ui.webhook.otherTools', { address: `${url}/<token>` }, { code })}</p>
      <TestEventPreview />
    </div>
  )
}
