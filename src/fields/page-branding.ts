import type { Field } from 'payload'

import { FOOTER_LINKS_MAX, isHexColour, isHttpUrl } from '@/domain/branding'
import { DATE_FORMAT_LABELS, DATE_FORMATS, DEFAULT_DATE_FORMAT } from '@/domain/date-format'
import { OVERALL_HEADLINES } from '@/domain/overall-status'
import { SERVICE_STATUSES } from '@/domain/statuses'

import { type RequestLanguage, requestT } from '@/i18n/admin-translations'

import { optionsFrom } from './options'

const empty = (value: unknown) => value == null || value === ''

/**
 * A page's branding beyond its logo and favicon (docs/pages.md; read by src/settings/branding.ts): its accent colour,
 * the banner's words per overall status, the footer's links and its date format. The same fields on the settings
 * (the default page) and on each page; `onPage`: a page's, where empty means the default page's value.
 */
export function pageBrandingFields({ onPage }: { onPage: boolean }): Field[] {
  const orDefault = (text: string) => (onPage ? `${text} Empty: the default page's.` : text)
  return [
    {
      name: 'accentColor',
      label: 'Accent colour',
      type: 'text',
      maxLength: 7,
      admin: {
        description: orDefault(
          'A hex colour such as #0b57d0 for links, buttons and focus rings (adjusted for contrast in each theme).',
        ),
      },
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
      validate: (value: unknown, { req }: { req: RequestLanguage }) =>
        empty(value) ||
        (typeof value === 'string' && isHexColour(value)) ||
        requestT(req)('admin.check.branding.accentColor'),
    },
    {
      name: 'bannerTexts',
      label: 'Banner texts',
      type: 'group',
      // In each language the page speaks (docs/languages.md, "Content"): empty in one, the built-in words of that language.
      localized: true,
      admin: {
        description: orDefault(
          'What the status banner says for each overall status, in place of the built-in words (the custom status message still wins).',
        ),
      },
      fields: SERVICE_STATUSES.map((status) => ({
        name: status,
        type: 'text' as const,
        maxLength: 200,
        admin: { placeholder: OVERALL_HEADLINES[status] },
      })),
    },
    {
      name: 'footerLinks',
      label: 'Footer links',
      type: 'array',
      maxRows: FOOTER_LINKS_MAX,
      admin: { description: orDefault('Links shown in the footer of every public page (http or https).') },
      fields: [
        { name: 'label', type: 'text', required: true, maxLength: 100 },
        {
          name: 'url',
          label: 'URL',
          type: 'text',
          required: true,
          maxLength: 2000,
          validate: (value: unknown, { req }: { req: RequestLanguage }) =>
            (typeof value === 'string' && isHttpUrl(value.trim())) || requestT(req)('admin.check.branding.footerUrl'),
        },
      ],
    },
    {
      name: 'dateFormat',
      label: 'Date format',
      type: 'select',
      // The default page's default is today's format; a page's empty value follows the default page.
      defaultValue: onPage ? undefined : DEFAULT_DATE_FORMAT,
      options: optionsFrom(DATE_FORMATS, DATE_FORMAT_LABELS),
      admin: {
        description: orDefault('How the public pages print dates and times (the time zone is its own setting).'),
      },
    },
  ]
}
