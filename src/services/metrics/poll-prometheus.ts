/**
 * Evaluates the PromQL query of every Prometheus metric that is due (docs/metrics.md) with `query_range`, through the
 * outbound guard and within PROMETHEUS_TIMEOUT_MS, writes the points, and keeps why it failed on the metric (its
 * `lastError`, empty after a query that worked). Every instance may run it: a metric is claimed by a conditional
 * write of its `polledAt` (compare and set against the value read), so one instance queries and writes it per
 * interval; a point written twice would replace itself anyway.
 */
import { and, eq, isNull } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

import { env } from '@/config/env'
import { connectionFor, tableOf } from '@/db/sql'
import type { MetricAggregation, MetricPoint } from '@/domain/metrics'
import { outboundFetch, refusalIn } from '@/net/outbound-url'

import { writePoints } from './write-points'

/** How often a metric is queried, and the step of its points. */
const INTERVAL_SECONDS = 60
/** A tick that comes a little early still finds the metric due. */
const EARLY_SECONDS = 5
/** The first query of a metric (or one after a long pause) reaches back this far at most. */
const FIRST_RANGE_SECONDS = 3600
const MAX_ERROR_LENGTH = 500

interface PromMetric {
  id: number
  aggregation: MetricAggregation
  service?: unknown
  pages?: unknown
  prometheusUrl?: string | null
  prometheusQuery?: string | null
  polledAt?: string | null
}

/** Takes the metric for this interval: true when this instance's write moved `polledAt` from what it read. */
async function claim(payload: Payload, metric: PromMetric, now: Date): Promise<boolean> {
  const table = tableOf(payload, 'metrics')
  const db = await connectionFor(payload)
  const before = metric.polledAt ?? null
  const claimed: unknown[] = await db
    .update(table)
    .set({ polledAt: now.toISOString() })
    .where(and(eq(table.id, metric.id), before === null ? isNull(table.polledAt) : eq(table.polledAt, before)))
    .returning({ id: table.id })
  return claimed.length === 1
}

async function recordError(payload: Payload, id: number, message: string | null): Promise<void> {
  const table = tableOf(payload, 'metrics')
  const db = await connectionFor(payload)
  await db
    .update(table)
    .set({ lastError: message?.slice(0, MAX_ERROR_LENGTH) ?? null })
    .where(eq(table.id, id))
}

/** The points of a query_range answer's one series; a message for anything else. */
function pointsOf(body: unknown): MetricPoint[] | string {
  const answer = body as { status?: string; error?: string; data?: { resultType?: string; result?: unknown[] } }
  if (answer?.status !== 'success') return `Prometheus refused the query: ${answer?.error ?? 'no reason given'}`
  const series = answer.data?.result ?? []
  if (answer.data?.resultType !== 'matrix') return 'The query must return a range vector (query_range).'
  if (series.length > 1) return `The query returns ${series.length} series; it must return one (use sum or max).`
  const values = ((series[0] as { values?: unknown[] } | undefined)?.values ?? []) as [number, string][]
  return values
    .map(([t, v]) => ({ t: Math.floor(Number(t)), v: Number(v) }))
    .filter((point) => Number.isFinite(point.t) && Number.isFinite(point.v))
}

/** Why a request to Prometheus failed, without anything of the far side but its status and Prometheus' own error. */
function failureOf(error: unknown, timeoutMs: number): string {
  const refusal = refusalIn(error)
  if (refusal) return refusal.message
  if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError')
    return `Prometheus did not answer within ${timeoutMs} ms.`
  const code = (error as { cause?: { code?: string } })?.cause?.code
  return `Prometheus could not be reached${code ? ` (${code})` : ''}.`
}

async function queryRange(metric: PromMetric, now: Date): Promise<MetricPoint[] | string> {
  const timeoutMs = env().PROMETHEUS_TIMEOUT_MS
  const end = Math.floor(now.getTime() / 1000)
  const last = metric.polledAt ? Math.floor(Date.parse(metric.polledAt) / 1000) - 2 * INTERVAL_SECONDS : 0
  const start = Math.max(end - FIRST_RANGE_SECONDS, last)
  const url = new URL('api/v1/query_range', `${(metric.prometheusUrl ?? '').replace(/\/+$/, '')}/`)
  url.search = new URLSearchParams({
    query: metric.prometheusQuery ?? '',
    start: String(start),
    end: String(end),
    step: String(INTERVAL_SECONDS),
  }).toString()
  try {
    const response = await outboundFetch(
      url.toString(),
      { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) },
      { connectMs: timeoutMs, answerMs: timeoutMs },
    )
    const body: unknown = await response.json().catch(() => null)
    if (!response.ok && !(body as { error?: string } | null)?.error) return `Prometheus answered ${response.status}.`
    return pointsOf(body)
  } catch (error) {
    return failureOf(error, timeoutMs)
  }
}

/** One round: the metrics that are due, each queried by the instance that claimed it. Returns how many it queried. */
export async function pollPrometheus(payload: Payload, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - (INTERVAL_SECONDS - EARLY_SECONDS) * 1000).toISOString()
  const { docs } = await payload.find({
    collection: 'metrics',
    where: {
      and: [
        { source: { equals: 'prometheus' } },
        { or: [{ polledAt: { exists: false } }, { polledAt: { less_than_equal: due } }] },
      ],
    },
    select: {
      aggregation: true,
      service: true,
      pages: true,
      prometheusUrl: true,
      prometheusQuery: true,
      polledAt: true,
    },
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  let polled = 0
  for (const metric of docs as PromMetric[]) {
    if (!(await claim(payload, metric, now))) continue
    polled += 1
    const points = await queryRange(metric, now)
    if (typeof points === 'string') {
      await recordError(payload, metric.id, points)
      continue
    }
    await writePoints(payload, metric, points)
    await recordError(payload, metric.id, null)
  }
  return polled
}
