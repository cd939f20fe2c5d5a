/**
 * `POST /api/metrics/<slug>/data` with an API key (docs/metrics.md): a batch of points, or Statuspage's one point.
 * 201 with how many were written; the verb says who may and what a point may be.
 */
import type { Endpoint } from 'payload'

import { cmsEndpoint, noStoreJson } from '@/access/endpoint-guard'
import { BadRequest } from '@/errors'
import { pushPoints } from '@/services/metrics/push-points'

export const pushEndpoint: Endpoint = {
  path: '/:slug/data',
  method: 'post',
  handler: cmsEndpoint(async (req) => {
    let body: unknown
    try {
      body = await req.json?.()
    } catch {
      if (req.user) throw new BadRequest('The body must be JSON: {"data": [{"timestamp": …, "value": …}, …]}.', 'data')
    }
    const outcome = await pushPoints(req.payload, req.user, String(req.routeParams?.slug ?? ''), body)
    return noStoreJson(201, outcome)
  }),
}
