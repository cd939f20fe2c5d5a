'use client'
/**
 * An incident update's message starts as the site's default for its status (Settings → Default update messages),
 * and follows the status while the operator has not written anything of their own.
 */
import { TextareaField, useConfig, useField, useFormFields } from '@payloadcms/ui'
import type { TextareaFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

import { loadSiteSettings } from './site-settings-client'

export const UpdateMessageField: TextareaFieldClientComponent = (props) => {
  const path = props.path ?? props.field.name
  const { value, setValue } = useField<string>({ path })
  const status = useFormFields(([fields]) => fields[path.replace(/message$/, 'status')]?.value) as string | undefined
  const { config } = useConfig()
  const [defaults, setDefaults] = useState<Record<string, string> | null>(null)
  useEffect(() => {
    void loadSiteSettings(`${config.serverURL}${config.routes.api}`).then((settings) => {
      const entries = Object.entries(settings.defaultUpdateMessages ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
      )
      setDefaults(Object.fromEntries(entries))
    })
  }, [config.serverURL, config.routes.api])
  useEffect(() => {
    if (!defaults || !status) return
    const current = value ?? ''
    // Only an empty message or another status's default is replaced: never words the operator wrote.
    const untouched = current.trim() === '' || Object.values(defaults).includes(current)
    const next = defaults[status]
    if (untouched && next && next !== current) setValue(next)
  }, [defaults, status, value, setValue])
  return <TextareaField {...props} />
}
