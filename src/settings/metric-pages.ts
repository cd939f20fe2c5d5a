/**
 * Which pages show a metric (docs/metrics.md): those listing its service and those it names; with neither, the
 * default page only (src/domain/pages.ts's showsOnPage, the incidents' rule, with the service as its services).
 */
import type { Payload } from 'payload'

import { relationId, relationIds } from '@/db/relation-id'
import { metricsKeyOf } from '@/domain/metrics'
import { type PageMembership, pageKeyOf, type PageScope, showsOnPage } from '@/domain/pages'

import { loadPages, pageServiceIds, scopeOfPage } from './pages'

/** A metric's place as stored: its service and pages (ids or documents). */
export function metricMembership(metric: { service?: unknown; pages?: unknown }): PageMembership {
  const service = relationId(metric.service)
  return { serviceIds: service === null ? [] : [service], pageIds: relationIds(metric.pages) }
}

/** Whether the page of `scope` (whose services are `pageServices`, null: all) shows the metric. */
export function pageShowsMetric(
  scope: PageScope,
  pageServices: ReadonlySet<number> | null,
  metric: { service?: unknown; pages?: unknown },
): boolean {
  return showsOnPage(scope, pageServices, metricMembership(metric))
}

/** The response cache's keys of the metric responses of every page showing the metric (metricsKeyOf). */
export async function metricPagesKeys(
  payload: Payload,
  metric: { service?: unknown; pages?: unknown },
): Promise<number[]> {
  const { pages } = await loadPages(payload)
  const keys: number[] = []
  for (const id of [null, ...pages.map((page) => page.id)]) {
    const scope = await scopeOfPage(payload, id)
    if (pageShowsMetric(scope, await pageServiceIds(payload, scope), metric)) keys.push(metricsKeyOf(pageKeyOf(id)))
  }
  return keys
}
