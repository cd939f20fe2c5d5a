'use client'
/**
 * The status an incident update gives a service, with the service's current status beside it, so the operator
 * picks by name and sees what changes.
 */
import { SelectField, useConfig, useFormFields } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

import { isOneOf, SERVICE_STATUSES } from '@/domain/statuses'
import { serviceStatusLabel } from '@/i18n/statuses'

import { useAdminText } from './use-admin-text'

export const ServiceStatusPickField: SelectFieldClientComponent = (props) => {
  const { t } = useAdminText()
  const path = props.path ?? props.field.name
  const servicePath = path.replace(/status$/, 'service')
  const service = useFormFields(([fields]) => fields[servicePath]?.value)
  const id = typeof service === 'number' || typeof service === 'string' ? service : null
  const { config } = useConfig()
  const [current, setCurrent] = useState<string | null>(null)
  useEffect(() => {
    setCurrent(null)
    if (id === null || id === '') return
    let cancelled = false
    fetch(`${config.serverURL}${config.routes.api}/services/${encodeURIComponent(String(id))}?depth=0`, {
      credentials: 'include',
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((doc: { status?: unknown } | null) => {
        if (!cancelled && doc && isOneOf(SERVICE_STATUSES, doc.status)) setCurrent(doc.status)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [id, config.serverURL, config.routes.api])
  return (
    <div className="service-status-pick">
      <SelectField {...props} />
      {current && isOneOf(SERVICE_STATUSES, current) ? (
        <p className="service-status-pick__now">
          {t('admin.ui.statusPick.now', { status: serviceStatusLabel(t, current) })}
        </p>
      ) : null}
    </div>
  )
}
