import type { CollectionBeforeChangeHook } from 'payload'

import type { ServiceStatus } from '@/domain/statuses'

import { lockServiceStatuses } from './internal'

/**
 * The services collection's beforeChange hook: a write that sets the status, whoever makes it (an operator's PATCH,
 * the admin form, changeServiceStatuses), waits for the service's status lock and reads the status it replaces
 * under it. Payload's `previousDoc` was read before the lock: a resolve committed in between would leave the history
 * row's `from` wrong, and a resolve that read the status before this write would overwrite it without seeing it.
 */
export const lockStatusWrite: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  if (operation !== 'update' || data.status === undefined || typeof originalDoc?.id !== 'number') return data
  await lockServiceStatuses(req, [originalDoc.id])
  const current = await req.payload.findByID({
    collection: 'services',
    id: originalDoc.id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    select: { status: true },
    req,
  })
  req.context.statusBefore = { ...req.context.statusBefore, [originalDoc.id]: current?.status as ServiceStatus }
  return data
}
