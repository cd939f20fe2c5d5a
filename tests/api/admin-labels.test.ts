/**
 * The admin in the operator's language (docs/languages.md, "The admin"): in the built config every label,
 * description, placeholder, select option, row name and navigation group the admin shows is a record of the seven
 * admin languages (none empty), the English catalogue says what the config says, and a German request is answered
 * with the German names (Payload picks the language from Accept-Language, as the admin does).
 */
import { getTranslation, initI18n } from '@payloadcms/translations'
import { describe, expect, it } from 'vitest'

import config, { untranslatedConfig } from '@payload-config'
import { getRequestLanguage } from 'payload'

import { ENGLISH, type MessageKey } from '@/i18n/catalogues'
import { ADMIN_LANGUAGES } from '@/i18n/admin-languages'
import { withAdminTranslations } from '@/i18n/admin-labels'
import { translator } from '@/i18n/translate'
import { api, createUser } from '../helpers/api'

const LANGUAGES = Object.keys(ADMIN_LANGUAGES).sort()
type Loose = Record<string, any>

/** Each text the admin shows of these fields that is neither a function nor a full record, by where it is. */
function untranslated(fields: Loose[], at: string, into: string[] = []): string[] {
  const check = (value: unknown, where: string) => {
    if (value === undefined || value === false || typeof value === 'function') return
    const full =
      typeof value === 'object' &&
      Object.keys(value as object)
        .sort()
        .join() === LANGUAGES.join() &&
      Object.values(value as object).every((text) => typeof text === 'string' && text.trim())
    if (!full) into.push(`${where}: ${JSON.stringify(value)}`)
  }
  for (const field of fields) {
    if (field.type === 'ui' || field.hidden || field.admin?.hidden || field.admin?.disabled) continue
    const where = `${at}.${field.name ?? field.type}`
    if (field.type !== 'row' && field.type !== 'tabs') check(field.label, `${where} label`)
    check(field.admin?.description, `${where} description`)
    check(field.admin?.placeholder, `${where} placeholder`)
    for (const option of field.options ?? []) check(option.label ?? option, `${where} option`)
    if (field.labels) for (const name of ['singular', 'plural']) check(field.labels[name], `${where} ${name}`)
    if (field.fields) untranslated(field.fields, where, into)
    for (const tab of field.tabs ?? []) {
      check(tab.label, `${where} tab`)
      untranslated(tab.fields, `${where}.${tab.name ?? 'tab'}`, into)
    }
  }
  return into
}

describe('the admin labels', () => {
  it('are all in the English catalogue, as the config writes them', () => {
    const asked = new Map<string, string>()
    withAdminTranslations(untranslatedConfig, (key, english) => {
      asked.set(key, english)
      return english
    })
    expect(asked.size).toBeGreaterThan(100)
    const stale = [...asked].filter(
      ([key, english]) => !(key in ENGLISH) || translator('en')(key as MessageKey) !== english,
    )
    expect(stale).toEqual([])
  })

  it('are records of the seven admin languages in the built config, none empty', async () => {
    const built = await config
    const missing: string[] = []
    for (const collection of built.collections) {
      // Payload's own collections (preferences, migrations, locks) are translated by Payload.
      if (collection.slug.startsWith('payload-')) continue
      const labels = collection.labels as Loose
      if (typeof labels.singular !== 'function') expect(Object.keys(labels.singular).sort()).toEqual(LANGUAGES)
      if (typeof labels.plural !== 'function') expect(Object.keys(labels.plural).sort()).toEqual(LANGUAGES)
      if (collection.admin.group) expect(Object.keys(collection.admin.group).sort()).toEqual(LANGUAGES)
      untranslated(collection.fields, collection.slug, missing)
    }
    for (const global of built.globals) {
      expect(Object.keys(global.label as object).sort()).toEqual(LANGUAGES)
      untranslated(global.fields, global.slug, missing)
    }
    expect(missing).toEqual([])
  })

  it('are German for an operator whose browser asks for German, Arabic for one who chose Arabic', async () => {
    const built = await config
    const services = built.collections.find((collection) => collection.slug === 'services')!
    const displayOrder = services.fields.find((field) => 'name' in field && field.name === 'displayOrder')!
    /** The label in the language Payload picks for a request: the admin's language cookie, else Accept-Language. */
    const textIn = async (label: unknown, acceptLanguage: string, chosen?: string) => {
      const headers = new Headers({ 'accept-language': acceptLanguage })
      const cookies = new Map(chosen ? [['payload-lng', chosen]] : [])
      const language = getRequestLanguage({ config: built, headers, cookies })
      const i18n = await initI18n({ config: built.i18n, context: 'client', language })
      return getTranslation(label as Record<string, string>, i18n)
    }
    expect(await textIn((displayOrder as { label: unknown }).label, 'de-DE,de;q=0.9')).toBe('Anzeigereihenfolge')
    expect(await textIn(services.labels.plural, 'de-DE,de;q=0.9')).toBe('Dienste')
    expect(await textIn(services.labels.plural, 'en-US', 'ar')).toBe('الخدمات')
    expect(await textIn(services.labels.plural, 'pt-BR,pt;q=0.9')).toBe('Serviços')
    expect(await textIn(services.labels.plural, 'en-US')).toBe('Services')
  })

  it('name the record in the answer to a German request', async () => {
    const admin = await createUser('admin')
    const groups = await api('POST', '/service-groups', { key: admin.key, body: { name: 'Core' } })
    const created = await api('POST', '/services', {
      key: admin.key,
      headers: { 'accept-language': 'de' },
      body: { name: 'API', group: groups.body.doc.id },
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toContain('Dienst')
    const english = await api('POST', '/services', { key: admin.key, body: { name: 'Web', group: groups.body.doc.id } })
    expect(english.body.message).toContain('Service')
  })
})
