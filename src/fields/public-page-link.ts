import type { Field } from 'payload'

/** A sidebar link from the editor to the record's public page (`/<path>/<shortId>`); stores nothing. */
export function publicPageLinkField(path: 'i' | 'm'): Field {
  return {
    name: 'publicPage',
    type: 'ui',
    admin: {
      position: 'sidebar',
      components: { Field: { path: '/components/PublicPageLink#PublicPageLink', clientProps: { path } } },
    },
  }
}
