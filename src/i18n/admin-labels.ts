/**
 * The admin's own words in the operator's language (docs/languages.md, "The admin"): before the config is built,
 * every English label, description, placeholder, select option, array row name, collection and global name and
 * navigation group this service gives the admin becomes a record of the seven admin languages, read from the `admin`
 * catalogues (src/i18n/messages/<locale>/admin.json). Payload shows the record's text in the admin's language.
 *
 * Each text is keyed by where it is: `admin.<slug>.singular|plural` (a collection), `admin.<slug>.label` (a global),
 * `admin.<slug>.<field path>.label|description|placeholder|singular|plural`, `admin.<slug>.<field path>.option.<value>`
 * and `admin.group.<group>`. A field without a label gets the one Payload would derive from its name (its `toWords`:
 * `scheduledStartAt` → "Scheduled Start At"), an array without row names Payload's (`formatLabels`). Texts that are
 * functions or already records are left as they are, and so is a text whose key no catalogue has (a test requires
 * every key: tests/api/admin-labels.test.ts). Fields the admin never shows (hidden, disabled, `ui`) are skipped.
 */
import type { CollectionConfig, Config, GlobalConfig } from 'payload'
import { formatLabels, toWords } from 'payload/shared'

import type { Locale } from '@/domain/locales'

import { ADMIN_LANGUAGES, type AdminLanguage } from './admin-languages'
import { ENGLISH, type MessageKey } from './catalogues'
import { translator } from './translate'

type Translated = Record<AdminLanguage, string>

/** What becomes of an English text at a key: its translations, or (collecting the catalogue) the text itself. */
export type AdminText = (key: string, english: string) => string | Translated

/** The key's text in every admin language; the English text itself where no catalogue has the key. */
const translated: AdminText = (key, english) => {
  if (!(key in ENGLISH)) return english
  const entries = Object.entries(ADMIN_LANGUAGES) as [AdminLanguage, Locale][]
  return Object.fromEntries(
    entries.map(([language, locale]) => [language, translator(locale)(key as MessageKey)]),
  ) as Translated
}

type Loose = Record<string, unknown>

/** A text to translate: a string (a function or a record is left as it is). */
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined)

/** A label made a key segment: "Default update messages" → `defaultUpdateMessages`. */
const segmentOf = (label: string): string => {
  const words = toWords(label.replace(/[^\p{L}\p{N}\s-]/gu, ''), true)
  return words.charAt(0).toLowerCase() + words.slice(1)
}

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('.')

/** The field's `label`, `description` and `placeholder` (those it has, or the label Payload would derive). */
function translateTexts(field: Loose, key: string, text: AdminText): Loose {
  const out: Loose = { ...field }
  const label = field.label === undefined && typeof field.name === 'string' ? toWords(field.name) : textOf(field.label)
  if (label) out.label = text(`${key}.label`, label)
  const admin = field.admin as Loose | undefined
  if (admin) {
    const description = textOf(admin.description)
    const placeholder = textOf(admin.placeholder)
    out.admin = {
      ...admin,
      ...(description ? { description: text(`${key}.description`, description) } : {}),
      ...(placeholder ? { placeholder: text(`${key}.placeholder`, placeholder) } : {}),
    }
  }
  return out
}

/** An array's or block's row names (`labels`): its own, or Payload's from its name. */
function translateLabels(labels: unknown, fallbackName: string, key: string, text: AdminText) {
  const given = (labels ?? {}) as Loose
  const derived = formatLabels(fallbackName)
  const singular = given.singular === undefined ? derived.singular : textOf(given.singular)
  const plural = given.plural === undefined ? derived.plural : textOf(given.plural)
  return {
    ...given,
    singular: singular ? text(`${key}.singular`, singular) : given.singular,
    plural: plural ? text(`${key}.plural`, plural) : given.plural,
  }
}

const translateOptions = (options: unknown[], key: string, text: AdminText) =>
  options.map((option) => {
    if (typeof option === 'string') return { value: option, label: text(`${key}.option.${option}`, option) }
    const { label, value } = option as { label: unknown; value: string }
    const english = textOf(label)
    return english ? { ...(option as Loose), label: text(`${key}.option.${value}`, english) } : option
  })

const isShown = (field: Loose) =>
  field.type !== 'ui' &&
  field.hidden !== true &&
  (field.admin as Loose | undefined)?.hidden !== true &&
  (field.admin as Loose | undefined)?.disabled !== true

/** One field, and the fields inside it, at `path` of the collection or global `slug`. */
function translateField(field: Loose, slug: string, path: string, text: AdminText): Loose {
  if (!isShown(field)) return field
  const named = typeof field.name === 'string' ? join(path, field.name) : undefined
  const labelSegment = !named && textOf(field.label) ? segmentOf(field.label as string) : undefined
  const here = named ?? join(path, labelSegment)
  const key = `admin.${slug}.${here}`
  let out: Loose = field.type === 'row' ? { ...field } : translateTexts(field, key, text)
  if (Array.isArray(field.options)) out.options = translateOptions(field.options, key, text)
  if (field.type === 'array' || field.type === 'blocks')
    out.labels = translateLabels(field.labels, field.name as string, key, text)
  if (Array.isArray(field.fields)) out.fields = translateFields(field.fields as Loose[], slug, here, text)
  if (field.type === 'tabs')
    out = { ...out, tabs: (field.tabs as Loose[]).map((tab) => translateTab(tab, slug, path, text)) }
  if (field.type === 'blocks' && Array.isArray(field.blocks))
    out.blocks = (field.blocks as Loose[]).map((block) => {
      const at = join(here, block.slug as string)
      return {
        ...block,
        labels: translateLabels(block.labels, block.slug as string, `admin.${slug}.${at}`, text),
        fields: translateFields(block.fields as Loose[], slug, at, text),
      }
    })
  return out
}

function translateTab(tab: Loose, slug: string, path: string, text: AdminText): Loose {
  const here =
    typeof tab.name === 'string'
      ? join(path, tab.name)
      : join(path, textOf(tab.label) && segmentOf(tab.label as string))
  const key = `admin.${slug}.${here}`
  const label = tab.label === undefined && typeof tab.name === 'string' ? toWords(tab.name) : textOf(tab.label)
  const description = textOf(tab.description)
  return {
    ...tab,
    ...(label ? { label: text(`${key}.label`, label) } : {}),
    ...(description ? { description: text(`${key}.description`, description) } : {}),
    fields: translateFields(tab.fields as Loose[], slug, here, text),
  }
}

const translateFields = (fields: Loose[], slug: string, path: string, text: AdminText) =>
  fields.map((field) => translateField(field, slug, path, text))

/** The collection's or global's `admin`: its navigation group and its description. */
function translateAdmin(admin: Loose | undefined, slug: string, text: AdminText): Loose | undefined {
  if (!admin) return admin
  const group = textOf(admin.group)
  const description = textOf(admin.description)
  return {
    ...admin,
    ...(group ? { group: text(`admin.group.${segmentOf(group)}`, group) } : {}),
    ...(description ? { description: text(`admin.${slug}.description`, description) } : {}),
  }
}

/** The collection with its names, navigation group, description and fields in every admin language. */
export function translateCollection(collection: CollectionConfig, text: AdminText = translated): CollectionConfig {
  const { slug } = collection
  return {
    ...collection,
    labels: translateLabels(collection.labels, slug, `admin.${slug}`, text),
    admin: translateAdmin(collection.admin as Loose | undefined, slug, text),
    fields: translateFields(collection.fields as unknown as Loose[], slug, '', text),
  } as CollectionConfig
}

/** The global with its name, navigation group, description and fields in every admin language. */
export function translateGlobal(global: GlobalConfig, text: AdminText = translated): GlobalConfig {
  const { slug } = global
  const label = global.label === undefined ? toWords(slug) : textOf(global.label)
  return {
    ...global,
    ...(label ? { label: text(`admin.${slug}.label`, label) } : {}),
    admin: translateAdmin(global.admin as Loose | undefined, slug, text),
    fields: translateFields(global.fields as unknown as Loose[], slug, '', text),
  } as GlobalConfig
}

/** The config with every collection and global translated (`text`: how; the catalogues' translations by default). */
export function withAdminTranslations(config: Config, text: AdminText = translated): Config {
  return {
    ...config,
    collections: config.collections?.map((collection) => translateCollection(collection, text)),
    globals: config.globals?.map((global) => translateGlobal(global, text)),
  }
}
