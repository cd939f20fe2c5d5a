/**
 * The admin's first-user screen creates an administrator (the Users beforeChange hook makes the first account
 * one), so it shows that instead of a Role select that says "editor" and the API-key inputs, which mean nothing
 * before there is anyone to issue keys; and it asks for the setup code the server logged (src/auth/setup-code.ts).
 * Conditions are evaluated for the admin forms only. On every later form (the account page, other users) these
 * fields show as before, and the setup code not at all.
 */
import type { CollectionConfig, Condition, Field, SanitizedConfig } from 'payload'

import { SETUP_CODE_FIELD } from '@/domain/setup-code'

const signedIn: Condition = (_data, _siblingData, { user }) => Boolean(user)
const firstUserScreen: Condition = (_data, _siblingData, { user }) => !user

const withCondition = (field: Field, condition: Condition): Field =>
  'name' in field ? ({ ...field, admin: { ...field.admin, condition } } as Field) : field

/**
 * Before the config is built: the note and the setup code on the first-user screen, and Role only once someone is
 * signed in. The code is virtual (never stored) and never read back.
 */
export function withFirstUserNote(collection: CollectionConfig): CollectionConfig {
  const note: Field = {
    name: 'firstUserNote',
    type: 'ui',
    admin: { condition: firstUserScreen, components: { Field: '/components/FirstUserNote#FirstUserNote' } },
  }
  const setupCode: Field = {
    name: SETUP_CODE_FIELD,
    type: 'text',
    label: 'Setup code',
    virtual: true,
    maxLength: 100,
    access: { read: () => false, update: () => false },
    admin: {
      condition: firstUserScreen,
      // Payload makes virtual fields read-only in the admin unless told otherwise: this one is typed in.
      readOnly: false,
      description: 'Printed in the server’s log at start: “Setup code for the first administrator: …”.',
    },
  }
  return {
    ...collection,
    fields: [
      note,
      setupCode,
      ...collection.fields.map((f) => ('name' in f && f.name === 'role' ? withCondition(f, signedIn) : f)),
    ],
  }
}

const API_KEY_FIELDS = new Set(['enableAPIKey', 'apiKey', 'hasAPIKey'])

/** After: Payload adds the API-key fields while building the config, so they are hidden there. */
export function hideApiKeyOnFirstUser(config: SanitizedConfig): SanitizedConfig {
  const users = config.collections.find((collection) => collection.slug === config.admin.user)
  for (const field of users?.fields ?? []) {
    if ('name' in field && API_KEY_FIELDS.has(field.name)) field.admin = { ...field.admin, condition: signedIn }
  }
  return config
}
