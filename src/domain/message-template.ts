/**
 * What an integration tells customers: each integration has templates for the title of the incidents it
 * opens and for the updates they get, and an alert's own words (its title, Alertmanager's `description`, the firing
 * alerts' summaries) appear only where a template asks for them with a placeholder. Pure: the caller passes the
 * values.
 */
import { MAX_MESSAGE, MAX_TITLE } from './alert-incident'

export const MESSAGE_PLACEHOLDERS = ['services', 'statuses', 'recovered', 'title', 'alerts', 'description'] as const
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number]

export const PLACEHOLDER_HELP =
  'Placeholders: {services} the affected services’ names, {statuses} each with its status, {recovered} services whose alerts recovered, {title} the alert’s title, {alerts} the firing alerts’ summaries, {description} the alert’s description. The last three are the monitoring tool’s words, shown to customers as written.'

export const MESSAGE_TEMPLATE_KINDS = ['opening', 'update', 'resolved'] as const
export type MessageTemplateKind = (typeof MESSAGE_TEMPLATE_KINDS)[number]

export const DEFAULT_MESSAGE_TEMPLATES: Record<MessageTemplateKind, string> = {
  opening: 'We are investigating elevated errors on {services}.',
  update: 'We are continuing to investigate elevated errors on {services}.',
  resolved: 'This incident has been resolved.',
}

/**
 * The title of an incident an integration opens, which is also the subject of its e-mails. By default the services
 * it concerns: an alert's name or summary is written for the people on call and may name hosts, queries or figures.
 */
export const DEFAULT_TITLE_TEMPLATE = 'Elevated errors on {services}'

export type TemplateValues = Partial<Record<MessagePlaceholder, string | null>>

const PLACEHOLDER = /\{([A-Za-z_]+)\}/g
const HAS_PLACEHOLDER = /\{[A-Za-z_]+\}/
const known = new Set<string>(MESSAGE_PLACEHOLDERS)

/** Why a template cannot be saved (null: it can): empty, or naming a placeholder that does not exist. */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return 'must not be empty'
  const unknown = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]).filter((name) => !known.has(name))
  if (unknown.length > 0)
    return `has an unknown placeholder {${unknown[0]}}; use ${MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`
  return null
}

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/**
 * The template with each placeholder replaced by its value (an empty one by nothing), lines left blank by empty
 * values removed, and the result cut to an update's maximum length.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  const fill = (line: string) =>
    line
      .replace(PLACEHOLDER, (whole, name: string) =>
        known.has(name) ? (values[name as MessagePlaceholder] ?? '').trim() : whole,
      )
      .trimEnd()
  const text = template
    .split('\n')
    // A line that only held empty values goes; a blank line the template has (a paragraph break) stays.
    .flatMap((line) => {
      const filled = fill(line)
      return filled === '' && HAS_PLACEHOLDER.test(line) ? [] : [filled]
    })
    .join('\n')
    .trim()
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text
}

/**
 * The title from its template: on one line (an {alerts} list is joined), cut to a title's maximum length. A template
 * whose values all came out empty falls back to the default, as a title may not be empty.
 */
export function renderTitle(template: string | null | undefined, values: TemplateValues): string {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
  const stored = template && template.trim() !== '' ? template : DEFAULT_TITLE_TEMPLATE
  const title = oneLine(renderTemplate(stored, values)) || oneLine(renderTemplate(DEFAULT_TITLE_TEMPLATE, values))
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title
}

/** The stored template, or the default when the integration predates templates or left it empty. */
export function templateOrDefault(kind: MessageTemplateKind, stored: string | null | undefined): string {
  return stored && stored.trim() !== '' ? stored : DEFAULT_MESSAGE_TEMPLATES[kind]
}
