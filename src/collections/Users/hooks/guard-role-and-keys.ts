import type { CollectionBeforeOperationHook } from 'payload'
import { Forbidden } from 'payload'

import { isAdmin } from '@/access/roles'

/**
 * Field access would silently drop a role an editor sends; a refused promotion should say so. Editors may save
 * their own profile (the form sends the role it shows) but not change the role, nor touch API keys.
 */
export const guardRoleAndKeys: CollectionBeforeOperationHook = ({ args, operation, req }) => {
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
