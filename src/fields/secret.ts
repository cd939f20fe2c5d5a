import type { Field, FieldHook, RequestContext } from 'payload'

import { adminsField } from '@/access/roles'
import { sealSecret } from '@/auth/secret-box'

/** Server code that needs a credential (the mailer, the SMS client) reads with this context; nothing else can. */
export const REVEAL_SECRETS: RequestContext = { revealSecrets: true }

/**
 * Whether a field holds a secret: nobody, administrators included, may filter or sort on it (a `like` that matches
 * or an order that follows the value gives it away a character at a time), src/cms-api/request-guards.ts.
 */
export const isSecretField = (field: { custom?: Record<string, unknown> }): boolean => field.custom?.secret === true

/**
 * A write-only field's reading: its value only for server code that reads with REVEAL_SECRETS, for anyone else none.
 * Returning undefined from an afterRead hook keeps the value (Payload only assigns defined results): the field has to
 * be removed from the document itself.
 */
export const hideUnlessRevealed =
  (name: string): FieldHook =>
  ({ value, req, siblingData }) => {
    if (req.context?.revealSecrets === true) return value
    if (siblingData) delete (siblingData as Record<string, unknown>)[name]
    return undefined
  }

/**
 * A write-only credential. Responses never carry it, to anyone (REST, GraphQL, the admin form); a write that leaves
 * it empty keeps the stored one, so saving a settings form does not wipe a password the form could not show.
 * `sealed`: stored encrypted (src/auth/secret-box.ts), for credentials newer than the habit of storing them as typed;
 * its reader opens it with the payload's secret.
 */
export function secretField(name: string, label: string, { sealed = false }: { sealed?: boolean } = {}): Field {
  return {
    name,
    label,
    type: 'text',
    custom: { secret: true },
    access: { read: adminsField, create: adminsField, update: adminsField },
    admin: {
      description: 'Write-only: the stored value is never shown. Leave empty to keep it.',
      components: { Field: '/components/SecretInput#SecretInput' },
    },
    hooks: {
      afterRead: [hideUnlessRevealed(name)],
      beforeChange: [
        ({ value, siblingDocWithLocales, previousValue, req }) => {
          if (typeof value === 'string' && value !== '') return sealed ? sealSecret(value, req.payload.secret) : value
          // Only a write with clearSecrets (the demo reset) may empty a credential; any other empty write keeps it.
          if (req.context?.clearSecrets) return null
          return siblingDocWithLocales?.[name] ?? previousValue ?? null
        },
      ],
    },
  }
}
