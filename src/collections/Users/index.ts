import type { CollectionConfig } from 'payload'

import { admins, adminsField, hasRole, isAdmin, nobody } from '@/access/roles'
import { forgiveSuccessfulLogin, throttleLogins } from '@/auth/login-hooks'
import { operatorSsoEndpoints } from '@/auth/operator-sso'
import { requireLongPasswords } from '@/auth/password-policy'
import { refusePasswordSignIn } from '@/auth/password-sign-in'
import { secondFactorEndpoints } from '@/auth/second-factor/endpoints'
import { noteSecondFactorInput, requireSecondFactor, withholdResetSession } from '@/auth/second-factor/login-step'
import { requireSetupCode } from '@/auth/setup-code'
import { env } from '@/config/env'
import { refuseUnknownResetTokens } from '@/auth/reset-token'
import { protectDemoUser } from '@/demo/protect-demo-user'
import { USER_ROLES } from '@/domain/statuses'
import { optionsFrom } from '@/fields/options'
import { guardRoleAndKeys } from './hooks/guard-role-and-keys'
import { hideApiKey } from './hooks/hide-api-key'
import { makeFirstUserAdmin } from './hooks/make-first-user-admin'

export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    useAPIKey: true,
    tokenExpiration: 60 * 60 * 8,
    // No account lock: anyone could lock anyone out. Failed logins are throttled per address instead.
    maxLoginAttempts: 0,
    // Behind HTTPS the session cookie is never sent over plain HTTP. PUBLIC_URL decides here; a request that a
    // trusted proxy marks as HTTPS gets Secure added by the API routes (src/auth/route-guards.ts).
    cookies: { secure: env().PUBLIC_URL?.toLowerCase().startsWith('https:') === true, sameSite: 'Lax' },
  },
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'name', 'role'], group: 'Settings' },
  access: {
    create: admins,
    delete: admins,
    // Editors see and edit only themselves; admins manage everyone.
    read: ({ req }) => (isAdmin(req.user) ? true : req.user ? { id: { equals: req.user.id } } : false),
    update: ({ req }) => (isAdmin(req.user) ? true : req.user ? { id: { equals: req.user.id } } : false),
    admin: ({ req }) => hasRole(req.user, 'admin', 'editor'),
    // Payload lets any logged-in user unlock any account.
    unlock: admins,
  },
  hooks: {
    beforeOperation: [
      refusePasswordSignIn,
      guardRoleAndKeys,
      throttleLogins,
      refuseUnknownResetTokens,
      protectDemoUser,
      requireLongPasswords,
      requireSetupCode,
      noteSecondFactorInput,
    ],
    beforeLogin: [requireSecondFactor],
    afterLogin: [forgiveSuccessfulLogin],
    afterOperation: [withholdResetSession],
    beforeChange: [makeFirstUserAdmin],
    afterRead: [hideApiKey],
  },
  endpoints: [...secondFactorEndpoints, ...operatorSsoEndpoints],
  fields: [
    { name: 'name', type: 'text', maxLength: 200 },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'editor',
      options: optionsFrom(USER_ROLES),
      saveToJWT: true,
      access: { update: adminsField },
      admin: { position: 'sidebar', description: 'Editors write status data; admins also manage users and settings.' },
    },
    {
      name: 'pages',
      label: 'Limited to pages',
      type: 'relationship',
      relationTo: 'pages',
      hasMany: true,
      saveToJWT: true,
      access: { update: adminsField, create: adminsField },
      admin: {
        position: 'sidebar',
        // Shown for editors, once someone is signed in (the first-user screen makes an administrator).
        condition: (data, _siblingData, { user }) => Boolean(user) && data?.role !== 'admin',
        description:
          "An editor with pages here sees and writes only those pages' incidents, maintenances and subscribers. Empty: every page.",
      },
    },
    {
      // Sealed TOTP secret, last accepted step and recovery-code hashes (src/auth/second-factor/store.ts): hidden
      // from every answer and written only by the second factor's own endpoints.
      name: 'secondFactor',
      type: 'text',
      hidden: true,
      access: { create: nobody, read: nobody, update: nobody },
    },
    {
      name: 'secondFactorOn',
      label: 'Second factor',
      type: 'checkbox',
      defaultValue: false,
      access: { create: nobody, update: nobody },
      admin: {
        position: 'sidebar',
        readOnly: true,
        // Set up on the account once it exists: not on the first-user screen nor a new account's form.
        condition: (_data, _siblingData, { operation }) => operation !== 'create',
        description: 'On when the account signs in with a code from an authenticator app besides its password.',
      },
    },
    {
      // Setting it up or turning it off, below the box: a field of its own, so that the QR code and the recovery
      // codes have the sidebar's width (beside a checkbox's input they were squeezed into its label).
      name: 'secondFactorSetup',
      type: 'ui',
      admin: {
        position: 'sidebar',
        condition: (_data, _siblingData, { operation }) => operation !== 'create',
        components: { Field: '/components/SecondFactorSetup#SecondFactorSetup' },
      },
    },
  ],
}
