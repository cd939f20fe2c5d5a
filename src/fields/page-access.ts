import { type Field, ValidationError } from 'payload'

import { adminsField } from '@/access/roles'
import { hashPagePassword } from '@/auth/page-password'
import { networkProblem, PAGE_ACCESS_LABELS, PAGE_ACCESS_MODES } from '@/domain/page-access'
import { DEFAULT_OIDC_SCOPES, emailDomainProblem, scopesProblem } from '@/domain/page-oidc'
import { type RequestLanguage, requestT } from '@/i18n/admin-translations'
import { destinationProblem } from '@/net/outbound-url'

import { optionsFrom } from './options'
import { hideUnlessRevealed, secretField } from './secret'

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
    afterRead: [hideUnlessRevealed('password')],
    beforeChange: [
      // Checked here, not by `validate`: Payload validates after this hook, when the value is already the hash.
      async ({ value, siblingDocWithLocales, previousValue, path, collection, global, req }) => {
        // A page's (the pages collection) or the default page's (the settings).
        const where = collection ? { collection: collection.slug } : { global: global?.slug ?? 'settings' }
        const refuse = (message: string) => {
          throw new ValidationError({ ...where, errors: [{ path: path.join('.'), message }] }, req.t)
        }
        if (typeof value === 'string' && value !== '') {
          if (value.length < PASSWORD_MIN_LENGTH || value.length > 200)
            refuse(requestT(req)('admin.check.access.passwordLength', { min: PASSWORD_MIN_LENGTH }))
          return hashPagePassword(value)
        }
        const kept = siblingDocWithLocales?.password ?? previousValue
        if (typeof kept === 'string' && kept !== '') return kept
        return refuse(requestT(req)('admin.check.access.passwordMissing'))
      },
    ],
  },
}

const textCheck = (problem: (value: string) => string | null) => (value: unknown) =>
  typeof value === 'string' ? (problem(value) ?? true) : true

/** Why an issuer URL cannot be one (null: it can): the server fetches it, so the outbound policy judges it. */
function issuerProblem(value: string): string | null {
  const problem = destinationProblem(value.trim())
  if (problem) return `the issuer URL ${problem}`
  const url = new URL(value.trim())
  return url.search || url.hash ? 'the issuer URL has no query or fragment' : null
}

/** The client secret: sealed at rest (src/auth/secret-box.ts), never shown again, required once an issuer is set. */
const clientSecretField: Field = (() => {
  const field = secretField('clientSecret', 'Client secret', { sealed: true })
  return {
    ...field,
    // Validated after its beforeChange hook: the value is the stored (sealed) one when a save left it empty.
    validate: (value: unknown, { siblingData, req }: { siblingData: Record<string, unknown>; req: RequestLanguage }) =>
      typeof siblingData?.issuer === 'string' && siblingData.issuer.trim() && !value
        ? requestT(req)('admin.check.access.clientSecret')
        : true,
  } as Field
})()

/**
 * Sign-in with the company's identity provider (OpenID Connect; the flow in src/auth/page-oidc.ts, the rule in
 * src/domain/page-oidc.ts). Which provider and who may enter are the operator's business, not the readers'.
 */
const oidcField: Field = {
  name: 'oidc',
  label: 'Sign-in with an identity provider (OpenID Connect)',
  type: 'group',
  access: { read: adminsField },
  admin: {
    description:
      'Register this page at the provider with the redirect URI <page address>/access/oidc/callback (docs/private-pages.md).',
    condition: (_, siblingData) => siblingData?.mode === 'private',
  },
  fields: [
    {
      name: 'issuer',
      label: 'Issuer URL',
      type: 'text',
      maxLength: 300,
      admin: { description: 'As the provider names itself, such as https://id.example.com/realms/staff.' },
      validate: textCheck((value) => (value.trim() ? issuerProblem(value) : null)),
    },
    { name: 'clientId', label: 'Client id', type: 'text', maxLength: 200 },
    clientSecretField,
    {
      name: 'label',
      label: 'Provider name on the button',
      type: 'text',
      maxLength: 60,
      admin: { description: '"Sign in with <name>"; empty: "your company account".' },
    },
    {
      name: 'scopes',
      type: 'text',
      maxLength: 200,
      defaultValue: DEFAULT_OIDC_SCOPES,
      validate: textCheck((value) => (value.trim() ? scopesProblem(value) : null)),
    },
    {
      name: 'allowedDomains',
      label: 'E-mail domains that may enter',
      type: 'array',
      maxRows: 50,
      admin: { description: 'A verified address in one of these domains (exactly: not its sub-domains) may enter.' },
      fields: [
        { name: 'domain', type: 'text', required: true, maxLength: 253, validate: textCheck(emailDomainProblem) },
      ],
    },
    {
      name: 'allowedEmails',
      label: 'E-mail addresses that may enter',
      type: 'array',
      maxRows: 500,
      fields: [{ name: 'email', type: 'email', required: true }],
    },
    {
      name: 'groupsClaim',
      label: 'Groups claim',
      type: 'text',
      maxLength: 100,
      admin: { description: 'The ID token claim that lists the reader’s groups, such as groups.' },
    },
    {
      name: 'allowedGroups',
      label: 'Groups that may enter',
      type: 'array',
      maxRows: 50,
      fields: [{ name: 'group', type: 'text', required: true, maxLength: 200 }],
    },
  ],
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
          validate: (value: unknown, { req }: { req: RequestLanguage }) =>
            typeof value === 'string'
              ? (networkProblem(value) ?? true)
              : requestT(req)('admin.check.access.networkRequired'),
        },
        { name: 'label', type: 'text', maxLength: 100 },
      ],
    },
    oidcField,
  ],
}
