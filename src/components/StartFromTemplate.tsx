'use client'
/**
 * "Start from a template" on a new incident or maintenance: choosing one fills the whole form (title, the first
 * update with its service statuses, the affected services, the switches) through Payload's own form-state builder,
 * so nested rows appear as if typed. Nothing is saved until the operator saves; the template is not stored.
 */
import { useConfig, useDocumentInfo, useForm, useServerFunctions } from '@payloadcms/ui'
import type { RelationshipFieldClientComponent } from 'payload'
import { useEffect, useId, useState } from 'react'

import {
  incidentFromTemplate,
  type IncidentTemplate,
  maintenanceFromTemplate,
  type MaintenanceTemplate,
} from '@/domain/templates'

import { useAdminText } from './use-admin-text'

interface Choice {
  id: number
  name: string
}

type TemplateSlug = 'incident-templates' | 'maintenance-templates'

function fromTemplate(
  relationTo: TemplateSlug,
  template: unknown,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return relationTo === 'incident-templates'
    ? incidentFromTemplate(template as IncidentTemplate, {})
    : maintenanceFromTemplate(template as MaintenanceTemplate, { scheduledStartAt: data.scheduledStartAt })
}

/** The templates to choose from, by name; fetched only for a record not yet saved (`id` undefined). */
function useTemplateChoices(api: string, relationTo: TemplateSlug, id: unknown): Choice[] | null {
  const [choices, setChoices] = useState<Choice[] | null>(null)
  useEffect(() => {
    if (id !== undefined && id !== null) return
    let cancelled = false
    fetch(`${api}/${relationTo}?limit=100&depth=0&sort=name&select[name]=true`, { credentials: 'include' })
      .then((response) => (response.ok ? response.json() : { docs: [] }))
      .then((body: { docs?: Choice[] }) => {
        if (!cancelled) setChoices(body.docs ?? [])
      })
      .catch(() => {
        if (!cancelled) setChoices([])
      })
    return () => {
      cancelled = true
    }
  }, [api, relationTo, id])
  return choices
}

export const StartFromTemplate: RelationshipFieldClientComponent = (props) => {
  const { t } = useAdminText()
  const relationTo = ((props as unknown as { relationTo?: TemplateSlug }).relationTo ??
    props.field.relationTo) as TemplateSlug
  const { config } = useConfig()
  const { collectionSlug, docPermissions, getDocPreferences, id } = useDocumentInfo()
  const { getData, replaceState, setModified } = useForm()
  const { getFormState } = useServerFunctions()
  const api = `${config.serverURL}${config.routes.api}`
  const choices = useTemplateChoices(api, relationTo, id)
  const [note, setNote] = useState<string | null>(null)
  const selectId = useId()

  if (id !== undefined && id !== null) return null
  if (!choices || choices.length === 0) return null

  const apply = async (templateId: string) => {
    if (!templateId || !collectionSlug) return
    setNote(t('admin.ui.template.filling'))
    const response = await fetch(`${api}/${relationTo}/${encodeURIComponent(templateId)}?depth=0`, {
      credentials: 'include',
    })
    if (!response.ok) {
      setNote(t('admin.ui.template.unreadable'))
      return
    }
    const data = fromTemplate(relationTo, await response.json(), getData())
    const { state } = await getFormState({
      collectionSlug,
      data,
      docPermissions,
      docPreferences: await getDocPreferences(),
      operation: 'create',
      schemaPath: collectionSlug,
      renderAllFields: true,
    })
    if (!state) {
      setNote(t('admin.ui.template.unfilled'))
      return
    }
    replaceState(state)
    setModified(true)
    setNote(t('admin.ui.template.filled'))
  }

  return (
    <div className="field-type start-from-template" style={{ marginBottom: '1.5rem' }}>
      <label className="field-label" htmlFor={selectId}>
        {t('admin.ui.template.label')}
      </label>
      <select
        id={selectId}
        defaultValue=""
        onChange={(event) => void apply(event.target.value)}
        style={{ width: '100%', padding: '0.5rem' }}
      >
        <option value="">{t('admin.ui.template.choose')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={String(choice.id)}>
            {choice.name}
          </option>
        ))}
      </select>
      <p className="field-description" role="status">
        {note ?? t('admin.ui.template.hint')}
      </p>
    </div>
  )
}
