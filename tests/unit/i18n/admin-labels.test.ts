/**
 * The admin's own words (src/i18n/admin-labels.ts): every English text this service gives the admin becomes a record
 * of Payload's seven admin languages read from the `admin` catalogues, keyed by where it is; what Payload would derive
 * (a field's label from its name, a collection's from its slug, an array's row names) is translated too; functions,
 * records and texts without a key are left alone.
 */
import type { CollectionConfig, GlobalConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { Services } from '@/collections/Services'
import { Settings } from '@/globals/Settings'
import { ADMIN_LANGUAGES } from '@/i18n/admin-languages'
import { translateCollection, translateGlobal, withAdminTranslations } from '@/i18n/admin-labels'

const LANGUAGES = Object.keys(ADMIN_LANGUAGES).sort()

/** Every key a config asks for, with its English text. */
function keysOf(collections: CollectionConfig[], globals: GlobalConfig[] = []) {
  const asked = new Map<string, string>()
  withAdminTranslations({ collections, globals } as never, (key, english) => {
    asked.set(key, english)
    return english
  })
  return asked
}

const fieldOf = (fields: unknown[], name: string) =>
  fields.find((field) => (field as { name?: string }).name === name) as Record<string, any>

describe('the admin texts', () => {
  it('are records of the seven admin languages, Portuguese from pt-BR, for a real collection', () => {
    const services = translateCollection(Services)
    expect(Object.keys(services.labels!.singular as object).sort()).toEqual(LANGUAGES)
    expect(services.labels).toMatchObject({ singular: { en: 'Service', de: 'Dienst' }, plural: { en: 'Services' } })
    expect(services.admin!.group).toMatchObject({ en: 'Status', ja: expect.any(String) })
    // Derived from the name as Payload would: displayOrder → "Display Order".
    expect(fieldOf(services.fields, 'displayOrder').label).toMatchObject({
      en: 'Display Order',
      de: 'Anzeigereihenfolge',
    })
    const status = fieldOf(services.fields, 'status')
    expect(status.options.find((o: { value: string }) => o.value === 'major').label).toMatchObject({
      en: 'Major outage',
      de: 'Schwerer Ausfall',
      pt: 'Interrupção grave',
      ar: expect.stringMatching(/\p{Script=Arabic}/u),
    })
  })

  it('reach groups, arrays and their rows, descriptions and placeholders of a global', () => {
    const settings = translateGlobal(Settings)
    expect(settings.label).toMatchObject({ en: 'Settings', fr: 'Paramètres' })
    const updates = fieldOf(settings.fields, 'defaultUpdateMessages')
    expect(updates.admin.description.es).toMatch(/\S/)
    expect(fieldOf(updates.fields, 'resolved').label).toMatchObject({ en: 'Resolved', de: 'Behoben' })
    const links = fieldOf(settings.fields, 'footerLinks')
    expect(links.labels.singular).toMatchObject({ en: 'Footer Link' })
    const banner = fieldOf(settings.fields, 'bannerTexts')
    expect(fieldOf(banner.fields, 'major').admin.placeholder).toMatchObject({ en: 'Major outage' })
  })

  it('leave functions, records and texts without a key as they are, and skip what the admin never shows', () => {
    const label = () => 'From a function'
    const record = { en: 'Mine', de: 'Meins' }
    const collection: CollectionConfig = {
      slug: 'unknown-things',
      admin: { group: 'Status' },
      fields: [
        { name: 'made', type: 'text', label },
        { name: 'own', type: 'text', label: record },
        { name: 'notInAnyCatalogue', type: 'text', admin: { description: 'Nobody translated me.' } },
        { name: 'secret', type: 'text', hidden: true },
      ],
    }
    const translated = translateCollection(collection)
    expect(fieldOf(translated.fields, 'made').label).toBe(label)
    expect(fieldOf(translated.fields, 'own').label).toBe(record)
    expect(fieldOf(translated.fields, 'notInAnyCatalogue')).toMatchObject({
      label: 'Not In Any Catalogue',
      admin: { description: 'Nobody translated me.' },
    })
    expect(fieldOf(translated.fields, 'secret').label).toBeUndefined()
    expect(translated.labels).toEqual({ singular: 'Unknown Thing', plural: 'Unknown Things' })
    expect((translated.admin!.group as Record<string, string>).de).toBe('Status')
  })

  it('key rows, collapsibles, tabs and blocks by where their fields are', () => {
    const collection: CollectionConfig = {
      slug: 'things',
      labels: { singular: 'Thing', plural: () => 'Things' },
      fields: [
        { type: 'row', fields: [{ name: 'startsAt', type: 'date' }] },
        { type: 'collapsible', label: 'More options', fields: [{ name: 'note', type: 'text' }] },
        {
          type: 'tabs',
          tabs: [
            { label: 'First tab', description: 'The first.', fields: [{ name: 'a', type: 'text' }] },
            { name: 'second', fields: [{ name: 'b', type: 'select', options: ['x', { label: 'Why', value: 'y' }] }] },
          ],
        },
        { name: 'parts', type: 'blocks', blocks: [{ slug: 'quote', fields: [{ name: 'text', type: 'textarea' }] }] },
      ],
    }
    expect(Object.fromEntries(keysOf([collection]))).toEqual({
      'admin.things.singular': 'Thing',
      'admin.things.startsAt.label': 'Starts At',
      'admin.things.moreOptions.label': 'More options',
      'admin.things.moreOptions.note.label': 'Note',
      'admin.things.firstTab.label': 'First tab',
      'admin.things.firstTab.description': 'The first.',
      'admin.things.firstTab.a.label': 'A',
      'admin.things.second.label': 'Second',
      'admin.things.second.b.label': 'B',
      'admin.things.second.b.option.x': 'x',
      'admin.things.second.b.option.y': 'Why',
      'admin.things.parts.label': 'Parts',
      'admin.things.parts.singular': 'Part',
      'admin.things.parts.plural': 'Parts',
      'admin.things.parts.quote.singular': 'Quote',
      'admin.things.parts.quote.plural': 'Quotes',
      'admin.things.parts.quote.text.label': 'Text',
    })
  })
})
