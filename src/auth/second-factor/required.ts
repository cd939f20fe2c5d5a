import type { Payload, PayloadRequest } from 'payload'

import { secondFactorRequired } from '@/domain/second-factor'
import type { UserRole } from '@/domain/statuses'

/** Whether an administrator made the second factor a must for `role` (the settings' "Second factor required for"). */
export async function roleNeedsSecondFactor(payload: Payload, role: unknown, req?: PayloadRequest): Promise<boolean> {
  const settings = await payload.findGlobal({
    slug: 'settings',
    depth: 0,
    overrideAccess: true,
    select: { secondFactorRoles: true },
    req,
  })
  return secondFactorRequired(typeof role === 'string' ? role : null, (settings.secondFactorRoles ?? []) as UserRole[])
}
