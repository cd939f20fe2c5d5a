import type { Field } from 'payload'

/** The sidebar's list of languages an incident or a maintenance is not yet written in; stores nothing. */
export const missingTranslationsField: Field = {
  name: 'missingTranslations',
  type: 'ui',
  admin: {
    position: 'sidebar',
    components: { Field: '/components/MissingTranslations#MissingTranslations' },
  },
}
