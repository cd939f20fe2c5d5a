/**
 * Writes a metric's points (a push, or what a Prometheus query returned): each replaces the point of its timestamp,
 * and the 5-minute and hourly buckets they fall in are rolled up again in the same transaction, so every chart read
 * after the answer shows them. Then the metric responses of its pages are stale (only those: not the pages' status).
 */
import type { Payload } from 'payload'

import { connectionFor } from '@/db/sql'
import { inTransaction } from '@/db/transaction'
import { oneAtATime } from '@/integrations/key-lock'
import {
  bucketStart,
  FIVE_MINUTES,
  HOUR,
  type MetricAggregation,
  type MetricPoint,
  RAW,
  type Resolution,
  rollUp,
} from '@/domain/metrics'
import { markDataChanged } from '@/runtime/data-version'
import { metricPagesKeys } from '@/settings/metric-pages'

import { readBuckets, upsertRows } from '@/db/metric-points'

import { lockMetric } from './internal'

export interface MetricToWrite {
  id: number
  aggregation: MetricAggregation
  service?: unknown
  pages?: unknown
}

/** The buckets of `to` covering `from` rows in [first, last], rolled up again from the rows of `from`. */
async function rollUpAgain(
  payload: Payload,
  db: Parameters<typeof readBuckets>[1],
  metric: MetricToWrite,
  [from, to]: [Resolution, Resolution],
  [first, last]: [number, number],
): Promise<void> {
  const start = bucketStart(first, to)
  const end = bucketStart(last, to) + to
  const rows = await readBuckets(payload, db, metric.id, from, start, end)
  await upsertRows(payload, db, metric.id, to, rollUp(metric.aggregation, rows, to))
}

export async function writePoints(payload: Payload, metric: MetricToWrite, points: readonly MetricPoint[]) {
  if (points.length === 0) return { written: 0 }
  const times = points.map((point) => point.t)
  const span: [number, number] = [Math.min(...times), Math.max(...times)]
  await oneAtATime(`metric:${metric.id}`, () =>
    inTransaction(payload, async (req) => {
      await lockMetric(req, metric.id)
      const db = await connectionFor(payload, req)
      await upsertRows(
        payload,
        db,
        metric.id,
        RAW,
        points.map(({ t, v }) => ({ t, v, n: 1 })),
      )
      await rollUpAgain(payload, db, metric, [RAW, FIVE_MINUTES], span)
      await rollUpAgain(payload, db, metric, [FIVE_MINUTES, HOUR], span)
    }),
  )
  markDataChanged({ services: false, pages: await metricPagesKeys(payload, metric) })
  return { written: points.length }
}
