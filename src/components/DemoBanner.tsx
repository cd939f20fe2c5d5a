'use client'
/**
 * The admin area's demo banner: a Payload provider, so it wraps every admin page, the login included. It asks
 * GET /api/demo-status once per page load and renders nothing when demo mode is off; when it is on, a live-demo
 * indicator, a countdown to the next reset that moves every second, and the notice that passwords cannot change.
 */
import { type ReactNode, useEffect, useState } from 'react'

import { formatCountdown, parseCountdown } from '@/domain/demo'

import { useAdminText } from './use-admin-text'

interface DemoStatus {
  isDemoMode: boolean
  timeUntilReset: string
}

async function fetchResetAt(): Promise<number | null> {
  const response = await fetch('/api/demo-status', { cache: 'no-store' })
  if (!response.ok) return null
  const status = (await response.json()) as DemoStatus
  const remaining = status.isDemoMode ? parseCountdown(status.timeUntilReset) : null
  return remaining === null ? null : Date.now() + remaining
}

const styles = {
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0.5rem 1.25rem',
    padding: '0.5rem 1rem',
    background: '#1c2a4a',
    color: '#ffffff',
    fontSize: '0.875rem',
    lineHeight: 1.4,
  },
  live: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.4rem',
    fontWeight: 700,
    letterSpacing: '0.04em',
    textTransform: 'uppercase',
  },
  dot: {
    width: '0.6rem',
    height: '0.6rem',
    borderRadius: '50%',
    background: '#4ade80',
    boxShadow: '0 0 0 3px rgba(74, 222, 128, 0.3)',
  },
} as const

export function DemoBanner({ children }: { children?: ReactNode }) {
  const { t, rich } = useAdminText()
  const [resetAt, setResetAt] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    let cancelled = false
    fetchResetAt()
      .then((at) => !cancelled && setResetAt(at))
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [])

  useEffect(() => {
    if (resetAt === null) return
    const timer = setInterval(() => {
      setNow(Date.now())
      // The reset is due: ask for the next one (a reset takes a moment, so ask again until it moved).
      if (Date.now() >= resetAt)
        fetchResetAt()
          .then((at) => at !== null && at > resetAt && setResetAt(at))
          .catch(() => undefined)
    }, 1000)
    return () => clearInterval(timer)
  }, [resetAt])

  return (
    <>
      {resetAt !== null && (
        <div role="region" aria-label={t('admin.ui.demo.live')} style={styles.bar} data-demo-banner>
          <span style={styles.live}>
            <span aria-hidden="true" style={styles.dot} />
            {t('admin.ui.demo.live')}
          </span>
          <span>
            {rich(
              'admin.ui.demo.reset',
              { countdown: formatCountdown(resetAt - now) },
              { strong: (words) => <strong data-demo-countdown>{words}</strong> },
            )}
          </span>
          <span>{t('admin.ui.demo.passwords')}</span>
        </div>
      )}
      {children}
    </>
  )
}
