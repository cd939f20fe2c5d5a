/**
 * Reading another Statuspage's records as ours (`npm run import -- statuspage`, docs/import.md): its status words,
 * its postmortem text, and its subscriber CSV. Each reader answers null (or a problem) for what it cannot map,
 * so the importer can report it instead of guessing.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

import { isE164, isEmailAddress, normaliseEmail } from './contact'
import type { IncidentStatus, MaintenanceStatus, ServiceStatus } from './statuses'
import { richTextDocument } from './rich-text-document'

/** The mark an imported record keeps (`importedFrom`): a second import finds it by this. */
export const importedKey = (statuspageId: string): string => `statuspage:${statuspageId}`

const SERVICE_STATUS: Record<string, ServiceStatus> = {
  operational: 'operational',
  degraded_performance: 'degraded',
  partial_outage: 'partial',
  major_outage: 'major',
  under_maintenance: 'maintenance',
}

/** A component's status as ours; null for a word Statuspage does not use. */
export function serviceStatusFrom(status: unknown): ServiceStatus | null {
  return typeof status === 'string' && Object.hasOwn(SERVICE_STATUS, status) ? SERVICE_STATUS[status] : null
}

const INCIDENT_STATUS: Record<string, IncidentStatus> = {
  investigating: 'investigating',
  identified: 'identified',
  monitoring: 'monitoring',
  resolved: 'resolved',
  // Statuspage's "postmortem" is a resolved incident whose postmortem is pending: ours has no such state.
  postmortem: 'resolved',
}

/** An incident update's status as ours; null for a word Statuspage does not use. */
export function incidentStatusFrom(status: unknown): IncidentStatus | null {
  return typeof status === 'string' && Object.hasOwn(INCIDENT_STATUS, status) ? INCIDENT_STATUS[status] : null
}

const MAINTENANCE_STATUS: Record<string, MaintenanceStatus> = {
  scheduled: 'upcoming',
  in_progress: 'in_progress',
  // Verifying is still inside the window for us: the work is done when it completes.
  verifying: 'in_progress',
  completed: 'completed',
}

/** A scheduled maintenance's status as ours; null for a word Statuspage does not use. */
export function maintenanceStatusFrom(status: unknown): MaintenanceStatus | null {
  return typeof status === 'string' && Object.hasOwn(MAINTENANCE_STATUS, status) ? MAINTENANCE_STATUS[status] : null
}

/** A postmortem's text (Statuspage's `postmortem_body`) as a rich-text document: one paragraph per blank-line block. */
export function postmortemDocument(body: string) {
  const blocks = body
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean)
  return richTextDocument(blocks)
}

/** The rows of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF), blank lines left out. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const source = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows.filter((r) => r.some((value) => value.trim() !== ''))
}

export interface ImportedSubscriber {
  type: 'email' | 'sms' | 'webhook'
  email?: string
  phone?: string
  url?: string
  /** The webhook's contact address (Statuspage e-mails it when the endpoint fails). */
  contactEmail?: string
  /** Component ids or names as the CSV gives them; empty: every component. */
  components: string[]
  /** When it subscribed, if the CSV says. */
  createdAt?: string
}

const COLUMN_ALIASES: Record<string, readonly string[]> = {
  type: ['type', 'subscriber type', 'mode'],
  email: ['email', 'email address', 'e-mail'],
  phone: ['phone', 'phone number', 'number', 'sms', 'phone_number'],
  country: ['country code', 'phone country', 'country', 'phone_country', 'country_code'],
  endpoint: ['endpoint', 'webhook', 'webhook url', 'url', 'webhook_url'],
  components: ['components', 'component', 'component ids', 'subscribed components', 'components subscribed'],
  createdAt: ['created at', 'created_at', 'subscribed at', 'date'],
}

const columnOf = (header: string): string | undefined => {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
  return Object.keys(COLUMN_ALIASES).find((key) =>
    COLUMN_ALIASES[key].some((alias) => alias.replace(/[_\s]+/g, ' ') === name),
  )
}

/** A number Statuspage keeps without its country, with its two-letter country, as E.164; null if not a number. */
export function e164Phone(number: string, country?: string): string | null {
  const written = number.replace(/[\s().-]/g, '')
  if (!written) return null
  if (written.startsWith('+')) return isE164(written) ? written : null
  const code = (country ?? '').trim().toUpperCase()
  const parsed = /^[A-Z]{2}$/.test(code) ? parsePhoneNumberFromString(written, code as CountryCode) : undefined
  return parsed && isE164(parsed.number) ? parsed.number : null
}

/**
 * One CSV row as a subscriber, or why not. `cells` by column name (a header row), or in the order of Statuspage's
 * import template when there is none: `email,<address>`, `sms,<number>,<country>`, `webhook,<url>,<email>`.
 */
function subscriberOf(cells: Record<string, string>): ImportedSubscriber | string {
  const type = (cells.type ?? '').trim().toLowerCase()
  const components = (cells.components ?? '')
    .split(/[;|]/)
    .map((c) => c.trim())
    .filter(Boolean)
  const createdAt =
    cells.createdAt && Number.isFinite(Date.parse(cells.createdAt))
      ? new Date(cells.createdAt).toISOString()
      : undefined
  const email = (cells.email ?? '').trim()
  if (type === 'email') {
    return isEmailAddress(email)
      ? { type, email: normaliseEmail(email), components, createdAt }
      : `e-mail address "${email}"`
  }
  if (type === 'sms') {
    const phone = e164Phone(cells.phone ?? '', cells.country)
    return phone ? { type, phone, components, createdAt } : `phone number "${cells.phone ?? ''}"`
  }
  if (type === 'webhook') {
    const url = (cells.endpoint ?? '').trim()
    if (!/^https?:\/\//i.test(url)) return `webhook address "${url}"`
    const contactEmail = isEmailAddress(email) ? normaliseEmail(email) : undefined
    return { type, url, contactEmail, components, createdAt }
  }
  return `subscriber type "${cells.type ?? ''}" (email, sms and webhook are imported; Slack subscribers have no CSV)`
}

const TEMPLATE_ORDER: Record<string, string[]> = {
  email: ['type', 'email', 'skip', 'components'],
  sms: ['type', 'phone', 'country', 'components'],
  webhook: ['type', 'endpoint', 'email', 'components'],
}

/** A subscriber CSV as subscribers, and a problem for each row that is not one (with its line number). */
export function parseSubscriberCsv(text: string): { subscribers: ImportedSubscriber[]; problems: string[] } {
  const rows = csvRows(text)
  const header = rows[0]?.map(columnOf)
  const named = header !== undefined && header.includes('type')
  const subscribers: ImportedSubscriber[] = []
  const problems: string[] = []
  rows.slice(named ? 1 : 0).forEach((row, index) => {
    const order = named ? header : (TEMPLATE_ORDER[(row[0] ?? '').trim().toLowerCase()] ?? ['type'])
    const cells: Record<string, string> = {}
    order.forEach((name, i) => {
      if (name && row[i] !== undefined) cells[name] = row[i]
    })
    const read = subscriberOf(cells)
    if (typeof read === 'string') problems.push(`subscriber CSV line ${index + (named ? 2 : 1)}: ${read}`)
    else subscribers.push(read)
  })
  return { subscribers, problems }
}
