'use client'
/**
 * On an integration's page: the address to paste into the monitoring tool, with copy buttons, and how the token
 * goes with it. The address is this admin's own origin, which is the service's (the webhook is on the same server).
 */
import { Button } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { TestEventPreview } from './TestEventPreview'

function CopyLine({ label, value }: { label: string; value: string }) {
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
      <Button buttonStyle="secondary" size="small" margin={false} onClick={copy} aria-label={`Copy ${label}`}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  )
}

export function WebhookAddressField() {
  const [origin, setOrigin] = useState('')
  useEffect(() => setOrigin(window.location.origin), [])
  if (!origin) return null
  const url = `${origin}/api/integrations/webhook`
  return (
    <div className="field-type webhook-address" style={{ marginBottom: '1.5rem' }}>
      <span className="field-label">Webhook URL</span>
      <p style={{ marginTop: 0 }}>Paste this address into the monitoring tool and send the token as a header:</p>
      <CopyLine label="webhook URL" value={url} />
      <CopyLine label="authorization header" value="Authorization: Bearer <token>" />
      <p style={{ marginBottom: 0 }}>
        A tool that cannot set a header (Uptime Kuma, some Gatus setups) posts to <code>{url}/&lt;token&gt;</code>{' '}
        instead. Alertmanager: <code>url</code> above and <code>http_config.authorization.credentials</code> set to the
        token. More in the project’s docs/integrations.md.
      </p>
      <TestEventPreview />
    </div>
  )
}
