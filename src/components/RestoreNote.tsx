'use client'
/**
 * Under an update that resolves the incident: which services will go back to which status when it is saved, or
 * that the update's own statuses will be set instead (src/services/service-status/release.ts decides; this only asks it).
 */
import { useConfig, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

import type { ServiceStatus } from '@/domain/statuses'
import { serviceStatusLabel } from '@/i18n/statuses'

import { useAdminText } from './use-admin-text'

interface Planned {
  service: number
  name: string
  from: ServiceStatus
  to: ServiceStatus
}

export const RestoreNote: UIFieldClientComponent = ({ path }) => {
  const { t } = useAdminText()
  const rowPath = (path ?? '').replace(/\.[^.]+$/, '')
  const rowStatus = useFormFields(([fields]) => fields[`${rowPath}.status`]?.value)
  const ownStatuses = useFormFields(([fields]) => fields[`${rowPath}.serviceStatuses`]?.value)
  const savedStatus = useFormFields(([fields]) => fields.status?.value)
  const { id } = useDocumentInfo()
  const { config } = useConfig()
  const [plan, setPlan] = useState<Planned[] | null>(null)
  const resolves = rowStatus === 'resolved' && savedStatus !== 'resolved'
  useEffect(() => {
    if (!resolves || id === undefined || id === null) return
    let cancelled = false
    fetch(`${config.serverURL}${config.routes.api}/incidents/${encodeURIComponent(String(id))}/restore-preview`, {
      credentials: 'include',
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { data?: Planned[] } | null) => {
        if (!cancelled) setPlan(body?.data ?? [])
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [resolves, id, config.serverURL, config.routes.api])
  if (!resolves) return null
  const setsOwn =
    typeof ownStatuses === 'number' ? ownStatuses > 0 : Array.isArray(ownStatuses) && ownStatuses.length > 0
  if (setsOwn) {
    return <p className="restore-note">{t('admin.ui.restore.setsOwn')}</p>
  }
  if (!plan) return null
  if (plan.length === 0) return <p className="restore-note">{t('admin.ui.restore.nothing')}</p>
  return (
    <div className="restore-note">
      <p>{t('admin.ui.restore.plan')}</p>
      <ul>
        {plan.map((entry) => (
          <li key={entry.service}>
            {entry.name}: {serviceStatusLabel(t, entry.from)} → {serviceStatusLabel(t, entry.to)}
          </li>
        ))}
      </ul>
      <p>{t('admin.ui.restore.instead')}</p>
    </div>
  )
}
