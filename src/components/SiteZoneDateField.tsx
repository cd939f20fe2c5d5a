'use client'
/**
 * A date and time in the admin with the site's time zone beside it: Payload's picker works in the browser's zone,
 * so when that is not the site's, the same instant is also written in the site's zone (and named either way).
 */
import { DateTimeField, useConfig, useFormFields } from '@payloadcms/ui'
import type { DateFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

import type { Locale } from '@/domain/locales'

import { loadSiteSettings } from './site-settings-client'
import { useAdminText } from './use-admin-text'

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

function inZone(iso: string, timeZone: string, locale: Locale): string {
  // dateStyle and timeStyle cannot be combined with timeZoneName (a RangeError): the parts are named one by one.
  return new Date(iso).toLocaleString(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  })
}

export const SiteZoneDateField: DateFieldClientComponent = (props) => {
  const { t, locale } = useAdminText()
  const path = props.path ?? props.field.name
  const value = useFormFields(([fields]) => fields[path]?.value) as string | undefined
  const { config } = useConfig()
  const [zone, setZone] = useState<string | null>(null)
  const [mine, setMine] = useState<string | null>(null)
  useEffect(() => {
    setMine(browserZone())
    void loadSiteSettings(`${config.serverURL}${config.routes.api}`).then((settings) =>
      setZone(settings.timeZone || 'UTC'),
    )
  }, [config.serverURL, config.routes.api])
  const valid = typeof value === 'string' && !Number.isNaN(Date.parse(value))
  return (
    <div className="site-zone-date">
      <DateTimeField {...props} />
      {zone && mine ? (
        <p
          className="site-zone-date__note"
          style={{ marginTop: '0.25rem', marginBottom: '1rem', color: 'var(--theme-elevation-600)' }}
        >
          {zone === mine
            ? t('admin.ui.siteZone.same', { zone })
            : valid
              ? t('admin.ui.siteZone.otherAt', { browser: mine, zone, time: inZone(value, zone, locale) })
              : t('admin.ui.siteZone.other', { browser: mine, zone })}
        </p>
      ) : null}
    </div>
  )
}
