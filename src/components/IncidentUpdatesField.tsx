'use client'
/**
 * An incident's updates in the admin as an operator reads a timeline: the newest first, with *Add update* above it.
 * Only the display is reversed. The form's rows keep the stored order (oldest first; a new update is appended, as
 * Payload's own array field does), so what is saved, and the API's order (by time, newest first), do not change.
 *
 * Payload's ArrayField shows rows in stored order with the add button below, and has no option to reverse them;
 * this renders the same rows (RenderFields at each row's path, Payload's own classes and collapsibles) in reverse,
 * so the keyboard order is the visible order. No drag sorting: the updates' times order them, not their position.
 * Older updates start folded to one line; *Add update* lists the affected services at their current statuses.
 */
import {
  Button,
  Collapsible,
  ErrorPill,
  FieldDescription,
  FieldError,
  FieldLabel,
  RenderFields,
  ShimmerEffect,
  useConfig,
  useField,
  useForm,
  useFormFields,
  useFormSubmitted,
  useTranslation,
  XIcon,
} from '@payloadcms/ui'
import type { ArrayFieldClientComponent, FormState, Validate } from 'payload'
import { type ComponentProps, useCallback, useEffect, useState } from 'react'

import { INCIDENT_STATUSES, type IncidentStatus, isOneOf } from '@/domain/statuses'
import { incidentStatusLabel } from '@/i18n/statuses'

import { useAdminText } from './use-admin-text'

/** The start of an update's message, for its collapsed one-line title. */
function firstWords(message: string, max = 60): string {
  const line = message.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max).replace(/\s\S*$/, '')}…` : line
}

type Row = { id: string }

/** A fresh row id, as Payload's own (a 24-hex ObjectId-like string). */
const rowId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * The new update's starting state: one status row per affected service, at its current status (Statuspage's form),
 * so the operator changes only what changed.
 */
function prefilledStatuses(services: { id: number; status: string }[]): FormState {
  const state: FormState = {}
  const rows: Row[] = services.map(() => ({ id: rowId() }))
  state.serviceStatuses = {
    value: services.length,
    initialValue: services.length,
    rows,
    disableFormData: true,
    valid: true,
  }
  services.forEach((service, index) => {
    state[`serviceStatuses.${index}.id`] = { value: rows[index].id, initialValue: rows[index].id, valid: true }
    state[`serviceStatuses.${index}.service`] = { value: service.id, initialValue: service.id, valid: true }
    state[`serviceStatuses.${index}.status`] = { value: service.status, initialValue: service.status, valid: true }
  })
  return state
}

/**
 * "Identified · 23 Nov 2026, 17:50 · latest", or "Investigating · new, time set when saved" for an unsaved row, in the
 * operator's language.
 */
function RowTitle({ rowPath, newest }: { rowPath: string; newest: boolean }) {
  const { t, locale } = useAdminText()
  const status = useFormFields(([fields]) => fields[`${rowPath}.status`]?.value) as IncidentStatus | undefined
  const createdAt = useFormFields(([fields]) => fields[`${rowPath}.createdAt`]?.value) as string | undefined
  const message = useFormFields(([fields]) => fields[`${rowPath}.message`]?.value) as string | undefined
  // The time is written in the browser's zone and the admin's language, like the date field below it: only once
  // mounted, so the server's rendering (another zone) never differs from the browser's first one.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const label = !status
    ? t('admin.ui.incidentUpdates.untitled')
    : isOneOf(INCIDENT_STATUSES, status)
      ? incidentStatusLabel(t, status)
      : status
  const time = createdAt && !Number.isNaN(Date.parse(createdAt)) ? new Date(createdAt) : null
  return (
    <span className="incident-update__title">
      <strong>{label}</strong>
      {time ? (
        <>
          {' · '}
          <time dateTime={time.toISOString()}>
            {mounted ? time.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : time.toISOString()}
          </time>
          {newest ? ` · ${t('admin.ui.incidentUpdates.latest')}` : null}
        </>
      ) : (
        ` · ${t('admin.ui.incidentUpdates.unsaved')}`
      )}
      {message ? <span className="incident-update__words">{` · ${firstWords(message)}`}</span> : null}
    </span>
  )
}

/** The ids of the incident's affected services, as the relationship field holds them (ids, or objects with one). */
function affectedIds(affected: unknown): number[] {
  return (Array.isArray(affected) ? affected : [])
    .map((value) =>
      typeof value === 'object' && value
        ? ((value as { id?: unknown }).id ?? (value as { value?: unknown }).value)
        : value,
    )
    .filter((id): id is number => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)))
    .map(Number)
}

type ServiceNow = { id: number; status: string }

/** The services' statuses now, in the order of `ids`; none when they cannot be read. */
async function currentStatuses(api: string, ids: number[]): Promise<ServiceNow[]> {
  try {
    const query = ids.map((id, index) => `where[id][in][${index}]=${id}`).join('&')
    const response = await fetch(`${api}/services?${query}&depth=0&limit=${ids.length}&select[status]=true`, {
      credentials: 'include',
    })
    const body = response.ok ? ((await response.json()) as { docs?: ServiceNow[] }) : null
    const statusOf = new Map((body?.docs ?? []).map((doc) => [doc.id, doc.status]))
    return ids.filter((id) => statusOf.has(id)).map((id) => ({ id, status: statusOf.get(id)! }))
  } catch {
    return []
  }
}

/** *Add update*: `adding` while the affected services' statuses are read, and `addUpdate` to append the new row. */
function useAddUpdate(path: string, schemaPath: string, rowCount: number) {
  const { addFieldRow, removeFieldRow } = useForm()
  const { config } = useConfig()
  const affected = useFormFields(([fields]) => fields.affectedServices?.value)
  const [adding, setAdding] = useState(false)

  // A new update set to Resolved gives its services back (the restore rule, shown by the restore note): the statuses
  // it was prefilled with would otherwise hold them where they are. Rows the operator changed stay theirs.
  const [prefilled, setPrefilled] = useState<{ rowIndex: number; count: number } | null>(null)
  const resolving = useFormFields(([fields]) => {
    if (!prefilled || fields[`${path}.${prefilled.rowIndex}.status`]?.value !== 'resolved') return false
    for (let index = 0; index < prefilled.count; index++) {
      const status = fields[`${path}.${prefilled.rowIndex}.serviceStatuses.${index}.status`]
      if (!status || status.value !== status.initialValue) return false
    }
    return true
  })
  useEffect(() => {
    if (!resolving || !prefilled) return
    for (let index = prefilled.count - 1; index >= 0; index--)
      removeFieldRow({ path: `${path}.${prefilled.rowIndex}.serviceStatuses`, rowIndex: index })
    setPrefilled(null)
  }, [resolving, prefilled, path, removeFieldRow])

  // Appended at the end of the stored order, shown at the top, listing the affected services at their statuses now.
  const addUpdate = async () => {
    const ids = affectedIds(affected)
    let services: ServiceNow[] = []
    if (ids.length > 0) {
      setAdding(true)
      try {
        services = await currentStatuses(`${config.serverURL}${config.routes.api}`, ids)
      } finally {
        setAdding(false)
      }
    }
    const rowIndex = rowCount
    addFieldRow({
      path,
      rowIndex,
      schemaPath,
      subFieldState: services.length > 0 ? prefilledStatuses(services) : undefined,
    })
    setPrefilled(services.length > 0 ? { rowIndex, count: services.length } : null)
  }
  return { adding, addUpdate }
}

type I18n = ComponentProps<typeof ErrorPill>['i18n']

function UpdatesHeader({
  field,
  path,
  required,
  errors,
  i18n,
}: {
  field: ComponentProps<ArrayFieldClientComponent>['field']
  path: string
  required: boolean | undefined
  /** The errors to show a count of (none before the form is submitted). */
  errors: number
  i18n: I18n
}) {
  return (
    <header className="array-field__header">
      <div className="array-field__header-wrap">
        <div className="array-field__header-content">
          <h3 className="array-field__title">
            <FieldLabel as="span" label={field.label} path={path} required={required} />
          </h3>
          {errors > 0 ? <ErrorPill count={errors} i18n={i18n} withMessage /> : null}
        </div>
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </header>
  )
}

/** One update: its one-line title (with a remove button unless `onRemove` is undefined) and its fields. */
function UpdateRow({
  row,
  rowPath,
  newest,
  collapsed,
  onToggle,
  onRemove,
  errors,
  i18n,
  fields,
}: {
  row: { id: string; isLoading?: boolean }
  rowPath: string
  newest: boolean
  collapsed: boolean
  onToggle: (collapsed: boolean) => void
  onRemove: (() => void) | undefined
  /** The errors to show a count of (none before the form is submitted). */
  errors: number
  i18n: I18n
  /** The row's fields, as RenderFields takes them. */
  fields: ComponentProps<typeof RenderFields>
}) {
  const { t } = useAdminText()
  const hasErrors = errors > 0
  return (
    <Collapsible
      actions={
        onRemove === undefined ? undefined : (
          <Button
            aria-label={t('admin.ui.incidentUpdates.remove')}
            buttonStyle="none"
            className="incident-update__remove"
            icon={<XIcon />}
            onClick={onRemove}
            tooltip={t('admin.ui.incidentUpdates.remove')}
          />
        )
      }
      className={`array-field__row ${hasErrors ? 'array-field__row--has-errors' : 'array-field__row--no-errors'}`}
      collapsibleStyle={hasErrors ? 'error' : 'default'}
      header={
        <div className="array-field__row-header">
          <RowTitle rowPath={rowPath} newest={newest} />
          {hasErrors ? <ErrorPill count={errors} i18n={i18n} withMessage /> : null}
        </div>
      }
      isCollapsed={collapsed}
      onToggle={onToggle}
    >
      {row.isLoading ? <ShimmerEffect /> : <RenderFields {...fields} />}
    </Collapsible>
  )
}

/** The updates, newest first: the newest open, older ones folded until the operator opens them. */
function UpdateList({
  rows,
  path,
  removable,
  onRemove,
  errorPaths,
  i18n,
  fieldsOf,
}: {
  rows: { id: string; isLoading?: boolean }[]
  path: string
  removable: boolean
  onRemove: (rowIndex: number) => void
  /** The errors to show (none before the form is submitted). */
  errorPaths: string[]
  i18n: I18n
  fieldsOf: (rowPath: string) => ComponentProps<typeof RenderFields>
}) {
  const { t } = useAdminText()
  // Older updates the operator opened (the newest is always open).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (id: string, collapsed: boolean) =>
    setOpened((ids) => {
      const next = new Set(ids)
      if (collapsed) next.delete(id)
      else next.add(id)
      return next
    })
  // Newest first: the last stored row first.
  const shown = rows.map((row, index) => ({ row, index })).reverse()
  return (
    <ol
      className="array-field__draggable-rows incident-updates__rows"
      aria-label={t('admin.ui.incidentUpdates.list')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {shown.map(({ row, index }, position) => {
        const rowPath = `${path}.${index}`
        return (
          <li key={row.id} className="incident-update" data-row-index={index}>
            <UpdateRow
              row={row}
              rowPath={rowPath}
              newest={position === 0}
              // Older updates fold to their one-line title (status, time, first words) and open on click; adding
              // an update folds the one that was newest, so the form stays as tall as one update.
              collapsed={position > 0 && !opened.has(row.id)}
              onToggle={(collapsed) => toggle(row.id, collapsed)}
              onRemove={removable ? () => onRemove(index) : undefined}
              errors={errorPaths.filter((errorPath) => errorPath.startsWith(`${rowPath}.`)).length}
              i18n={i18n}
              fields={fieldsOf(rowPath)}
            />
          </li>
        )
      })}
    </ol>
  )
}

/** The array's form state, checked as Payload's ArrayField checks it; `minRows` as the field's rules make it. */
function useArrayState({ field, path, validate }: ComponentProps<ArrayFieldClientComponent>) {
  const { maxRows, minRows: minRowsProp, required } = field
  const minRows = minRowsProp ?? (required ? 1 : 0)
  const memoizedValidate = useCallback<Validate>(
    // As Payload's ArrayField does: the array's own rules (required, minRows) checked in the form too.
    (value, options) =>
      typeof validate === 'function'
        ? (validate as Validate)(value, { ...options, maxRows, minRows, required } as typeof options)
        : true,
    [maxRows, minRows, required, validate],
  )
  const state = useField<number>({ hasRows: true, potentiallyStalePath: path, validate: memoizedValidate })
  return { ...state, minRows }
}

export const IncidentUpdatesField: ArrayFieldClientComponent = (props) => {
  const { field, forceRender = false, permissions, readOnly, schemaPath: schemaPathFromProps } = props
  const { maxRows, required } = field
  const schemaPath = schemaPathFromProps ?? field.name
  const { disabled, errorPaths = [], path, rows = [], showError, minRows } = useArrayState(props)
  const { removeFieldRow } = useForm()
  const submitted = useFormSubmitted()
  const { i18n } = useTranslation()
  const { t } = useAdminText()
  const locked = Boolean(readOnly || disabled)
  const full = Boolean(maxRows && rows.length >= maxRows)
  const rowPermissions = permissions === true || permissions === undefined ? true : (permissions.fields ?? true)
  const { adding, addUpdate } = useAddUpdate(path, schemaPath, rows.length)
  return (
    <div
      className={[
        'field-type',
        'array-field',
        'incident-updates',
        submitted && errorPaths.length ? 'array-field--has-error' : 'array-field--has-no-error',
      ].join(' ')}
      id={`field-${path.replace(/\./g, '__')}`}
    >
      {showError ? <FieldError path={path} showError={showError} /> : null}
      <UpdatesHeader
        field={field}
        path={path}
        required={required}
        errors={submitted ? errorPaths.length : 0}
        i18n={i18n}
      />
      {!locked && !full ? (
        <Button
          buttonStyle="icon-label"
          className="array-field__add-row incident-updates__add"
          icon="plus"
          iconPosition="left"
          iconStyle="with-border"
          disabled={adding || rows.some((row) => row.isLoading)}
          onClick={() => void addUpdate()}
        >
          {t('admin.ui.incidentUpdates.add')}
        </Button>
      ) : null}
      <UpdateList
        rows={rows}
        path={path}
        removable={!(locked || rows.length <= minRows)}
        onRemove={(rowIndex) => removeFieldRow({ path, rowIndex })}
        errorPaths={submitted ? errorPaths : []}
        i18n={i18n}
        fieldsOf={(rowPath) => ({
          className: 'array-field__fields',
          fields: field.fields,
          forceRender,
          margins: 'small',
          parentIndexPath: '',
          parentPath: rowPath,
          parentSchemaPath: schemaPath,
          permissions: rowPermissions,
          readOnly: locked,
        })}
      />
    </div>
  )
}
