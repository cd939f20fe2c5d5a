/**
 * The audit log's rules (docs/security.md, "Audit log"): what an entry says, which fields of a write it records and
 * which it never shows, its CSV form and how long it is kept. No framework here: the fields are described by the
 * few properties of Payload's field configs that matter, so the rules test on their own.
 */

/** What was done. `publish`: a draft made public; `role-change` and `api-key`: a user's update that did that. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'publish',
  'role-change',
  'api-key',
  'login',
  'login-failed',
  'logout',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  publish: 'Published',
  'role-change': 'Role changed',
  'api-key': 'API key created',
  login: 'Signed in',
  'login-failed': 'Failed sign-in',
  logout: 'Signed out',
}

/** Who did it: a person by session, a person's API key, a monitoring integration, a job of the server, the server. */
export const AUDIT_ACTOR_TYPES = ['user', 'api-key', 'integration', 'job', 'system', 'anonymous'] as const
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number]

export const AUDIT_ACTOR_TYPE_LABELS: Record<AuditActorType, string> = {
  user: 'User (session)',
  'api-key': 'User (API key)',
  integration: 'Monitoring integration',
  job: 'Server job',
  system: 'Server',
  anonymous: 'Not signed in',
}

export const REDACTED = '[redacted]'

/** The retention when AUDIT_RETENTION_DAYS is not set. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365

/** Entries created before this instant are pruned. */
export const auditCutoff = (now: Date, retentionDays: number): Date =>
  new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000)

/** The properties of a field definition (Payload's flattened fields) that the rules below read. */
export interface AuditField {
  name: string
  type: string
  hidden?: boolean
  custom?: Record<string, unknown>
  relationTo?: string | string[]
  hasMany?: boolean
  flattenedFields?: AuditField[]
  blocks?: { slug: string; flattenedFields?: AuditField[] }[]
}

/**
 * Names that hold credentials wherever they occur, beside fields marked hidden or secret: Payload's password hash
 * and salt, API keys, tokens of every kind, signing and client secrets, passwords of pages and SMTP.
 */
const SECRET_ENDING = /(password|secret|token|hash|salt)$/i
const SECRET_NAMES = new Set(['apiKey', 'apiKeyIndex', 'sessions'])

/** Whether a field's value never goes into the log. */
export const isSecretAuditField = (field: AuditField): boolean =>
  field.hidden === true ||
  field.custom?.secret === true ||
  SECRET_ENDING.test(field.name) ||
  SECRET_NAMES.has(field.name)

/** Bookkeeping every document has, which says nothing about the change. */
const SKIPPED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'loginAttempts', 'lockUntil'])
const VALUELESS_TYPES = new Set(['ui', 'join'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A relationship's value as stored: ids, whether the write's answer populated them or not. */
function relationValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relationValue)
  if (!isRecord(value)) return value
  if ('relationTo' in value && 'value' in value)
    return { relationTo: value.relationTo, value: relationValue(value.value) }
  return 'id' in value ? value.id : value
}

function rowValue(fields: AuditField[] | undefined, row: unknown): unknown {
  return fields && isRecord(row) ? loggedFields(fields, row) : row
}

/** A field's value as the log shows it: secrets replaced, relationships as ids, nested rows the same way. */
function loggedValue(field: AuditField, value: unknown): unknown {
  if (value === undefined || value === null) return value
  if (isSecretAuditField(field)) return REDACTED
  switch (field.type) {
    case 'relationship':
    case 'upload':
      return relationValue(value)
    case 'group':
      return rowValue(field.flattenedFields, value)
    case 'array':
      return Array.isArray(value) ? value.map((row) => rowValue(field.flattenedFields, row)) : value
    case 'blocks':
      return Array.isArray(value)
        ? value.map((row) =>
            rowValue(
              field.blocks?.find((block) => isRecord(row) && block.slug === row.blockType)?.flattenedFields,
              row,
            ),
          )
        : value
    default:
      return value
  }
}

/** The document's fields (those present) as logged; keys a field list does not name are left out. */
function loggedFields(fields: AuditField[], doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    if (VALUELESS_TYPES.has(field.type) || !(field.name in doc)) continue
    out[field.name] = loggedValue(field, doc[field.name])
    // Array and block rows carry their own ids and block types, which are not fields.
  }
  if ('id' in doc && !fields.some((field) => field.name === 'id')) out.id = doc.id
  if ('blockType' in doc) out.blockType = doc.blockType
  return out
}

/** Whether the write's input carries a secret anywhere inside this field's value (a new password, key, secret). */
function carriesSecret(field: AuditField, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false
  if (isSecretAuditField(field)) return value !== false
  const inRow = (fields: AuditField[] | undefined, row: unknown) =>
    isRecord(row) && (fields ?? []).some((inner) => carriesSecret(inner, row[inner.name]))
  if (field.type === 'group') return inRow(field.flattenedFields, value)
  if (field.type === 'array' && Array.isArray(value)) return value.some((row) => inRow(field.flattenedFields, row))
  if (field.type === 'blocks' && Array.isArray(value))
    return value.some((row) =>
      inRow(field.blocks?.find((block) => isRecord(row) && block.slug === row.blockType)?.flattenedFields, row),
    )
  return false
}

export type AuditChanges = Record<string, { before: unknown; after: unknown }>

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

export interface ChangeInput {
  fields: AuditField[]
  /** The document before the write (none for a creation). */
  before?: Record<string, unknown> | null
  /** The document after the write (none for a deletion). */
  after?: Record<string, unknown> | null
  /** What the write was given: a secret in it is recorded as changed, though neither document shows it. */
  input?: Record<string, unknown> | null
}

/**
 * The fields a write changed, each with its value before and after, secrets as REDACTED. A field the answer leaves
 * out (unreadable to the writer, not selected, hidden) is compared only when the input named a secret in it: a
 * field missing from the answer is not a field the write removed.
 */
export function auditChanges({ fields, before, after, input }: ChangeInput): AuditChanges {
  const changes: AuditChanges = {}
  for (const field of fields) {
    if (VALUELESS_TYPES.has(field.type) || SKIPPED_FIELDS.has(field.name)) continue
    // The document before is read in full by Payload (access overridden, hidden fields shown): a field missing
    // there has no value. The document after is the writer's answer, which may leave fields out.
    const was = before ? loggedValue(field, before[field.name]) : undefined
    const is = after && field.name in after ? loggedValue(field, after[field.name]) : undefined
    // A hook that writes a hidden field back as it was (a subscriber's keys and tokens) changed nothing; the
    // document before the write holds hidden fields (not write-only credentials, which no reading shows).
    const rewritten = Boolean(input && before && field.name in before && same(input[field.name], before[field.name]))
    const secretWritten = !rewritten && Boolean(input && carriesSecret(field, input[field.name]))
    if (secretWritten) {
      changes[field.name] = {
        before: was ?? (before && isSecretAuditField(field) ? REDACTED : null),
        after: is ?? REDACTED,
      }
      continue
    }
    if (!after) {
      if (was !== undefined && was !== null) changes[field.name] = { before: was, after: null }
    } else if (is !== undefined && (before ? !same(was, is) : is !== null)) {
      changes[field.name] = { before: was ?? null, after: is }
    }
  }
  // A new password is no field of the document: Payload turns it into the hidden hash and salt.
  if (typeof input?.password === 'string' && input.password !== '' && !changes.password)
    changes.password = { before: before ? REDACTED : null, after: REDACTED }
  return changes
}

/** A user's update is named for the most telling thing it did: a new role, else a new API key. */
export function userUpdateAction(changes: AuditChanges): AuditAction {
  if ('role' in changes) return 'role-change'
  if ('apiKey' in changes || ('enableAPIKey' in changes && changes.enableAPIKey.after === true)) return 'api-key'
  return 'update'
}

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'actorType',
  'actor',
  'userId',
  'address',
  'action',
  'collection',
  'documentId',
  'changes',
] as const

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that a spreadsheet would read
 * as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading apostrophe: an e-mail address typed
 * into a failed sign-in is somebody else's text.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
