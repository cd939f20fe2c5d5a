import type { CollectionBeforeOperationHook, CollectionConfig } from 'payload'
import { Forbidden } from 'payload'

import { admins, adminsField, hasRole, isAdmin } from '../../access/roles'
import { forgiveSuccessfulLogin, throttleLogins } from '../../auth/login-hooks'
import { requireLongPasswords } from '../../auth/password-policy'
import { env } from '../../config/env'
import { refuseUnknownResetTokens } from '../../auth/reset-token'
import { protectDemoUser } from '../../demo/protect-demo-user'
import { USER_ROLES } from '../../domain/statuses'
import { optionsFrom } from '../../fields/options'

/**
 * Field access would silently drop a role an editor sends; a refused promotion should say so. Editors may save
 * their own profile (the form sends the role it shows) but not change the role, nor touch API keys.
 */
const guardRoleAndKeys: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if ((operation !== 'update' && operation !== 'updateByID') || isAdmin(req.user)) return args
  // Server code (the Local API's default: the demo reset, the CLI) is not an editor.
  if ((args as { overrideAccess?: boolean }).overrideAccess === true) return args
  const data = args.data as Record<string, unknown> | undefined
  if (!data) return args
  if (data.role !== undefined && data.role !== (req.user as { role?: string } | null)?.role) throw new Forbidden(req.t)
  delete data.apiKey
  delete data.enableAPIKey
  return args
}

export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    useAPIKey: true,
    tokenExpiration: 60 * 60 * 8,
    // No account lock: anyone could lock anyone out. Failed logins are throttled per address instead (M3).
    maxLoginAttempts: 0,
    // Behind HTTPS the session cookie is never sent over plain HTTP (L4). PUBLIC_URL decides here; a request that a
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
    // Payload lets any logged-in user unlock any account (M4).
    unlock: admins,
  },
  hooks: {
    beforeOperation: [guardRoleAndKeys, throttleLogins, refuseUnknownResetTokens, protectDemoUser, requireLongPasswords],
    afterLogin: [forgiveSuccessfulLogin],
    beforeChange: [
      async ({ data, operation, req }) => {
        // The very first account (the admin area's first-user screen) must be able to manage the rest.
        if (operation === 'create') {
          const { totalDocs } = await req.payload.count({ collection: 'users', req, overrideAccess: true })
          if (totalDocs === 0) data.role = 'admin'
        }
        return data
      },
    ],
    afterRead: [
      ({ doc, req }) => {
        // An API key is a password: only admins, who issue them, see them.
        if (!isAdmin(req.user) && req.context?.revealSecrets !== true) delete doc.apiKey
        return doc
      },
    ],
  },
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
  ],
}
