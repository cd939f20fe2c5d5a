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
import { useCallback, useEffect, useState } from 'react'

import { INCIDENT_STATUS_LABELS, type IncidentStatus } from '@/domain/statuses'

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

/** "Identified · 23 Nov 2026, 17:50 · latest", or "Investigating · new, time set when saved" for an unsaved row. */
function RowTitle({ rowPath, newest }: { rowPath: string; newest: boolean }) {
  const status = useFormFields(([fields]) => fields[`${rowPath}.status`]?.value) as IncidentStatus | undefined
  const createdAt = useFormFields(([fields]) => fields[`${rowPath}.createdAt`]?.value) as string | undefined
  const message = useFormFields(([fields]) => fields[`${rowPath}.message`]?.value) as string | undefined
  // The time is written in the browser's zone and locale, like the date field below it: only once mounted, so the
  // server's rendering (another zone) never differs from the browser's first one.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const label = status ? (INCIDENT_STATUS_LABELS[status] ?? status) : 'Update'
  const time = createdAt && !Number.isNaN(Date.parse(createdAt)) ? new Date(createdAt) : null
  return (
    <span className="incident-update__title">
      <strong>{label}</strong>
      {time ? (
        <>
          {' · '}
          <time dateTime={time.toISOString()}>
            {mounted ? time.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : time.toISOString()}
          </time>
          {newest ? ' · latest' : null}
        </>
      ) : (
        ' · new, time set when saved'
      )}
      {message ? <span className="incident-update__words">{` · ${firstWords(message)}`}</span> : null}
    </span>
  )
}

export const IncidentUpdatesField: ArrayFieldClientComponent = (props) => {
  const {
    field,
    forceRender = false,
    path: pathFromProps,
    permissions,
    readOnly,
    schemaPath: schemaPathFromProps,
    validate,
  } = props
  const { maxRows, minRows: minRowsProp, required } = field
  const minRows = minRowsProp ?? (required ? 1 : 0)
  const schemaPath = schemaPathFromProps ?? field.name
  const { addFieldRow, removeFieldRow } = useForm()
  const submitted = useFormSubmitted()
  const { i18n } = useTranslation()

  const memoizedValidate = useCallback<Validate>(
    // As Payload's ArrayField does: the array's own rules (required, minRows) checked in the form too.
    (value, options) =>
      typeof validate === 'function'
        ? (validate as Validate)(value, { ...options, maxRows, minRows, required } as typeof options)
        : true,
    [maxRows, minRows, required, validate],
  )
  const {
    disabled,
    errorPaths = [],
    path,
    rows = [],
    showError,
  } = useField<number>({ hasRows: true, potentiallyStalePath: pathFromProps, validate: memoizedValidate })
  const locked = Boolean(readOnly || disabled)
  const full = Boolean(maxRows && rows.length >= maxRows)
  const rowPermissions = permissions === true || permissions === undefined ? true : (permissions.fields ?? true)

  const { config } = useConfig()
  const affected = useFormFields(([fields]) => fields.affectedServices?.value)
  const [adding, setAdding] = useState(false)
  // Older updates the operator opened (the newest is always open).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set())

  // Appended at the end of the stored order, shown at the top, listing the affected services at their statuses now.
  const addUpdate = async () => {
    const ids = (Array.isArray(affected) ? affected : [])
      .map((value) =>
        typeof value === 'object' && value
          ? ((value as { id?: unknown }).id ?? (value as { value?: unknown }).value)
          : value,
      )
      .filter((id): id is number => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)))
      .map(Number)
    let services: { id: number; status: string }[] = []
    if (ids.length > 0) {
      setAdding(true)
      try {
        const query = ids.map((id, index) => `where[id][in][${index}]=${id}`).join('&')
        const response = await fetch(
          `${config.serverURL}${config.routes.api}/services?${query}&depth=0&limit=${ids.length}&select[status]=true`,
          { credentials: 'include' },
        )
        const body = response.ok ? ((await response.json()) as { docs?: { id: number; status: string }[] }) : null
        const statusOf = new Map((body?.docs ?? []).map((doc) => [doc.id, doc.status]))
        services = ids.filter((id) => statusOf.has(id)).map((id) => ({ id, status: statusOf.get(id)! }))
      } catch {
        services = []
      } finally {
        setAdding(false)
      }
    }
    const rowIndex = rows.length
    addFieldRow({
      path,
      rowIndex,
      schemaPath,
      subFieldState: services.length > 0 ? prefilledStatuses(services) : undefined,
    })
    setPrefilled(services.length > 0 ? { rowIndex, count: services.length } : null)
  }

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

  // Newest first: the last stored row first.
  const shown = rows.map((row, index) => ({ row, index })).reverse()
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
      <header className="array-field__header">
        <div className="array-field__header-wrap">
          <div className="array-field__header-content">
            <h3 className="array-field__title">
              <FieldLabel as="span" label={field.label} path={path} required={required} />
            </h3>
            {submitted && errorPaths.length > 0 ? (
              <ErrorPill count={errorPaths.length} i18n={i18n} withMessage />
            ) : null}
          </div>
        </div>
        <FieldDescription description={field.admin?.description} path={path} />
      </header>
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
          Add update
        </Button>
      ) : null}
      <ol
        className="array-field__draggable-rows incident-updates__rows"
        aria-label="Updates, newest first"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {shown.map(({ row, index }, position) => {
          const rowPath = `${path}.${index}`
          const rowErrors = errorPaths.filter((errorPath) => errorPath.startsWith(`${rowPath}.`)).length
          const hasErrors = submitted && rowErrors > 0
          return (
            <li key={row.id} className="incident-update" data-row-index={index}>
              <Collapsible
                actions={
                  locked || rows.length <= minRows ? undefined : (
                    <Button
                      aria-label="Remove this update"
                      buttonStyle="none"
                      className="incident-update__remove"
                      icon={<XIcon />}
                      onClick={() => removeFieldRow({ path, rowIndex: index })}
                      tooltip="Remove this update"
                    />
                  )
                }
                className={`array-field__row ${hasErrors ? 'array-field__row--has-errors' : 'array-field__row--no-errors'}`}
                collapsibleStyle={hasErrors ? 'error' : 'default'}
                header={
                  <div className="array-field__row-header">
                    <RowTitle rowPath={rowPath} newest={position === 0} />
                    {hasErrors ? <ErrorPill count={rowErrors} i18n={i18n} withMessage /> : null}
                  </div>
                }
                // Older updates fold to their one-line title (status, time, first words) and open on click; adding an
                // update folds the one that was newest, so the form stays as tall as one update.
                isCollapsed={position > 0 && !opened.has(row.id)}
                onToggle={(collapsed) =>
                  setOpened((ids) => {
                    const next = new Set(ids)
                    if (collapsed) next.delete(row.id)
                    else next.add(row.id)
                    return next
                  })
                }
              >
                {row.isLoading ? (
                  <ShimmerEffect />
                ) : (
                  <RenderFields
                    className="array-field__fields"
                    fields={field.fields}
                    forceRender={forceRender}
                    margins="small"
                    parentIndexPath=""
                    parentPath={rowPath}
                    parentSchemaPath={schemaPath}
                    permissions={rowPermissions}
                    readOnly={locked}
                  />
                )}
              </Collapsible>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
