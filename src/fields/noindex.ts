import type { Field } from 'payload'

/**
 * A public page that asks search engines not to list it (docs/private-pages.md: a private page always does). The
 * same field on the settings (the default page) and on each page; each page decides for itself.
 */
export const noindexField: Field = {
  name: 'noindex',
  label: 'Ask search engines not to list this page',
  type: 'checkbox',
  defaultValue: false,
  admin: {
    description: 'Adds `X-Robots-Tag: noindex` and a robots meta to its pages (a private page always has them).',
  },
}
