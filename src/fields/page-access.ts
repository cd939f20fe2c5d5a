import { type Field, ValidationError } from 'payload'

import { adminsField } from '@/access/roles'
import { hashPagePassword } from '@/auth/page-password'
import { networkProblem, PAGE_ACCESS_LABELS, PAGE_ACCESS_MODES } from '@/domain/page-access'

import { optionsFrom } from './options'

const PASSWORD_MIN_LENGTH = 8

/**
 * A password of a private page, write-only: it is stored as its scrypt hash (src/auth/page-password.ts) and no
 * response carries even the hash (the page's gate reads it with REVEAL_SECRETS). A save that leaves it empty keeps the
 * stored one, as the admin form cannot show it.
 */
const passwordField: Field = {
  name: 'password',
  type: 'text',
  custom: { secret: true },
  access: { read: adminsField, create: adminsField, update: adminsField },
  admin: {
    description: `At least ${PASSWORD_MIN_LENGTH} characters. Write-only: never shown again. Leave empty to keep it.`,
    components: { Field: '/components/SecretInput#SecretInput' },
  },
  hooks: {
    afterRead: [
      ({ value, req, siblingData }) => {
        if (req.context?.revealSecrets === true) return value
        if (siblingData) delete (siblingData as Record<string, unknown>).password
        return undefined
      },
    ],
    beforeChange: [
      // Checked here, not by `validate`: Payload validates after this hook, when the value is already the hash.
      async ({ value, siblingDocWithLocales, previousValue, path }) => {
        const refuse = (message: string) => {
          throw new ValidationError({ collection: 'pages', errors: [{ path: path.join('.'), message }] })
        }
        if (typeof value === 'string' && value !== '') {
          if (value.length < PASSWORD_MIN_LENGTH || value.length > 200)
            refuse(`password must be ${PASSWORD_MIN_LENGTH} to 200 characters`)
          return hashPagePassword(value)
        }
        const kept = siblingDocWithLocales?.password ?? previousValue
        if (typeof kept === 'string' && kept !== '') return kept
        return refuse('give this password row a password')
      },
    ],
  },
}

/** Who may read a page (docs/private-pages.md; the rules in src/domain/page-access.ts). */
export const pageAccessField: Field = {
  name: 'access',
  type: 'group',
  admin: { description: 'Who may read this page: everything of a private page (pages, feeds, APIs) is private.' },
  // Whether a page is private is public (the static mirror leaves such pages out); its ways in are not.
  fields: [
    {
      name: 'mode',
      type: 'select',
      defaultValue: 'public',
      options: optionsFrom(PAGE_ACCESS_MODES, PAGE_ACCESS_LABELS),
    },
    {
      name: 'passwords',
      type: 'array',
      maxRows: 20,
      access: { read: adminsField },
      admin: {
        description: 'Each opens the page (give each audience its own, and remove one to shut it out).',
        condition: (_, siblingData) => siblingData?.mode === 'private',
      },
      fields: [{ name: 'label', type: 'text', required: true, maxLength: 100 }, passwordField],
    },
    {
      name: 'networks',
      label: 'Networks let in without a password',
      type: 'array',
      maxRows: 50,
      // Which networks a private page lets in is the operator's business, not its readers'.
      access: { read: adminsField },
      admin: {
        description:
          'Addresses or CIDRs (192.0.2.0/24, 2001:db8::/32), judged on the client address as TRUSTED_PROXIES defines it.',
        condition: (_, siblingData) => siblingData?.mode === 'private',
      },
      fields: [
        {
          name: 'network',
          type: 'text',
          required: true,
          maxLength: 60,
          validate: (value: unknown) =>
            typeof value === 'string' ? (networkProblem(value) ?? true) : 'network is required',
        },
        { name: 'label', type: 'text', maxLength: 100 },
      ],
    },
  ],
}
