/**
 * An incident resolved or a maintenance ended: each service it changed goes back to what it would be without it
 * (src/domain/service-status-change.ts statusWithout), through the chokepoint, in the caller's transaction.
 */
import type { PayloadRequest } from 'payload'

import { changeServiceStatuses, type StatusChangeOrigin } from './change'
import type { Holder } from './internal'
import { planRelease } from './plan-release'

/** Gives back every service `holder` holds; returns the services whose status changed. */
export async function releaseServices(
  req: PayloadRequest,
  holder: Holder,
  origin: StatusChangeOrigin,
): Promise<number[]> {
  const plan = await planRelease(req, holder)
  return changeServiceStatuses(
    req,
    plan.map(({ service, to }) => ({ service, status: to })),
    origin,
  )
}
