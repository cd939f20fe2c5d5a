/**
 * A push of points (docs/metrics.md), by every way in: the CMS endpoint `POST /api/metrics/<slug>/data` and
 * Statuspage's `POST /api/v1/pages/<page>/metrics/<id>/data.json`. Admins and editors not limited to pages may push;
 * a metric that reads Prometheus takes no pushed points.
 */
import type { Payload, PayloadRequest, Where } from 'payload'

import { editorPages } from '@/access/page-editors'
import { hasRole } from '@/access/roles'
import { UNAUTHENTICATED_MESSAGE } from '@/domain/refusals'
import { MAX_POINTS_PER_PUSH, pushedPoints } from '@/domain/metrics'
import { BadRequest, Forbidden, NotFound, ServiceError, Unauthorized } from '@/errors'

import { retentionSeconds } from './internal'
import { writePoints } from './write-points'

type User = PayloadRequest['user'] | null | undefined

/** 413: more points than one push may carry. */
class TooManyPoints extends ServiceError {
  constructor(count: number) {
    super(413, `A push carries at most ${MAX_POINTS_PER_PUSH} points (this one ${count}); send them in several.`)
  }
}

/** The metric by slug, or by id when `ref` is a number (Statuspage's scripts name it by id). */
async function findMetric(payload: Payload, ref: string) {
  const where: Where = /^\d+$/.test(ref)
    ? { or: [{ slug: { equals: ref } }, { id: { equals: Number(ref) } }] }
    : { slug: { equals: ref } }
  const { docs } = await payload.find({
    collection: 'metrics',
    where,
    select: { aggregation: true, source: true, service: true, pages: true, slug: true },
    depth: 0,
    limit: 1,
    overrideAccess: true,
  })
  return docs[0] ?? null
}

export async function pushPoints(payload: Payload, user: User, ref: string, body: unknown, now = new Date()) {
  if (!user) throw new Unauthorized(UNAUTHENTICATED_MESSAGE)
  if (!hasRole(user, 'admin', 'editor') || editorPages(user))
    throw new Forbidden('You are not allowed to perform this action.')
  const metric = await findMetric(payload, ref)
  if (!metric) throw new NotFound('metric', 'Not Found')
  if (metric.source !== 'push')
    throw new BadRequest('source: this metric reads its points from Prometheus; it takes no pushed points.', 'source')
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const parsed = pushedPoints(body, nowSeconds, nowSeconds - retentionSeconds()[0])
  if ('tooMany' in parsed) throw new TooManyPoints(parsed.tooMany)
  if ('problem' in parsed) throw new BadRequest(parsed.problem, parsed.field)
  const { written } = await writePoints(payload, { ...metric, aggregation: metric.aggregation }, parsed.points)
  return { metric: metric.slug, written }
}
