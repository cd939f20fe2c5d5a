'use client'
/**
 * The status of a new incident update starts as the incident's current status (investigating for the first
 * update), so adding an update never leaves it blank: the operator changes it only when the status changes.
 */
import { SelectField, useField, useFormFields } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'
import { useEffect } from 'react'

export const UpdateStatusField: SelectFieldClientComponent = (props) => {
  const path = props.path ?? props.field.name
  const { value, setValue } = useField<string>({ path })
  const current = useFormFields(([fields]) => fields.status?.value)
  useEffect(() => {
    if (!value) setValue(typeof current === 'string' && current ? current : 'investigating')
  }, [value, current, setValue])
  return <SelectField {...props} />
}
