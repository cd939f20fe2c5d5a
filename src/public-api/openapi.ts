/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas that shape the responses and validate the
 * queries (OpenAPI 3.1 schemas are JSON Schema 2020-12, which is what zod emits).
 */
import { z } from 'zod'

import { LOCALES } from '@/domain/locales'
import { LOCALE_PARAMETER } from '@/domain/query-parameters'

import * as s from './schemas'

type JsonSchema = Record<string, unknown>

const components: Record<string, z.ZodType> = {
  ServiceStatus: s.ServiceStatus,
  IncidentStatus: s.IncidentStatus,
  MaintenanceStatus: s.MaintenanceStatus,
  ServiceRef: s.ServiceRef,
  Service: s.Service,
  ServiceInGroup: s.ServiceInGroup,
  ServiceGroup: s.ServiceGroup,
  IncidentUpdate: s.IncidentUpdate,
  Postmortem: s.Postmortem,
  Incident: s.Incident,
  MaintenanceUpdate: s.MaintenanceUpdate,
  Maintenance: s.Maintenance,
  StatusSummary: s.StatusSummary,
  StatusResponse: s.StatusResponse,
  ServiceListResponse: s.ServiceListResponse,
  IncidentListResponse: s.IncidentListResponse,
  IncidentResponse: s.IncidentResponse,
  MaintenanceListResponse: s.MaintenanceListResponse,
  MaintenanceResponse: s.MaintenanceResponse,
  UptimeDay: s.UptimeDay,
  Uptime: s.Uptime,
  UptimeResponse: s.UptimeResponse,
  UptimeCompact: s.UptimeCompact,
  UptimeCompactResponse: s.UptimeCompactResponse,
  MetricSummary: s.MetricSummary,
  MetricListResponse: s.MetricListResponse,
  MetricPoints: s.MetricPointsBody,
  MetricPointsResponse: s.MetricPointsResponse,
  Problem: s.Problem,
}

/** The named schemas of a document's components, each referring to the others by `#/components/schemas/<id>`. */
export function componentSchemasOf(components: Record<string, z.ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, JsonSchema>
  }
  // Inside an OpenAPI document each schema is addressed by its place; a $schema or $id of its own would misplace it.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]))
}

function queryParameters(query: z.ZodObject): JsonSchema[] {
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const {
      $schema: _s,
      description,
      ...json
    } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema
    return { name, in: 'query', required: false, description, schema: json }
  })
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` })
const json = (id: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(id) } },
})
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
})

const cachingHeaders = {
  ETag: { description: 'Send it back in If-None-Match to get 304 while unchanged', schema: { type: 'string' } },
  'Cache-Control': { schema: { type: 'string' } },
}
const listHeaders = {
  ...cachingHeaders,
  Link: { description: 'RFC 8288 links: first, prev, next, last', schema: { type: 'string' } },
  'X-Total-Count': { description: 'items matching the query, over all pages', schema: { type: 'integer' } },
}

/** Any path under /p/<slug>/ (docs/pages.md) is a 404 when no page has the slug. */
const NO_PAGE = 'no status page at this address (a /p/<slug>/ that no page has)'
const notModified = { description: 'Not modified (If-None-Match matched the ETag); no body' }
const tooMany = problem('Rate limited; see Retry-After and the RateLimit-* headers')
const pretty = {
  name: 'pretty',
  in: 'query',
  required: false,
  description: 'present (without a value): indented JSON',
  allowEmptyValue: true,
  schema: { type: 'string' },
}
/** `?locale`, read by every route of /api/v1 and /api/v2 (src/public-api/route.ts). */
export const localeParameter = {
  name: LOCALE_PARAMETER,
  in: 'query',
  required: false,
  description: `the language of the texts the service writes (a duration it estimated, a problem's detail; /api/v2: the status description), any letter case; default: the page's default language. Names, titles and messages are as written. Another value: 400`,
  schema: { type: 'string', examples: [...LOCALES] },
}
const shortId = { name: 'shortId', in: 'path', required: true, schema: { type: 'string' } }

function operation(
  summary: string,
  ok: JsonSchema,
  extra: { parameters?: JsonSchema[]; notFound?: boolean; badQuery?: boolean } = {},
) {
  return {
    get: {
      summary,
      parameters: [...(extra.parameters ?? []), pretty, localeParameter],
      responses: {
        200: ok,
        304: notModified,
        400: problem(
          extra.badQuery
            ? 'A query parameter is invalid; invalid-params names each one'
            : 'The locale is not one this service speaks; invalid-params names it',
        ),
        404: extra.notFound ? problem(`No such item, or ${NO_PAGE}`) : problem(NO_PAGE),
        429: tooMany,
      },
    },
  }
}

/** `/metrics` and `/metrics/{slug}` (docs/metrics.md). */
function metricPaths() {
  return {
    '/metrics': operation('The metrics the page shows, with what each chart offers', {
      ...json('MetricListResponse', 'Metrics'),
      headers: cachingHeaders,
    }),
    '/metrics/{slug}': operation(
      "One metric's points over a day (5-minute points), a week or a month (hourly points)",
      { ...json('MetricPointsResponse', 'The points'), headers: cachingHeaders },
      {
        parameters: [
          { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
          ...queryParameters(s.MetricQuery),
        ],
        badQuery: true,
        notFound: true,
      },
    ),
  }
}

let document: JsonSchema | undefined

export function openApiDocument(): JsonSchema {
  document ??= {
    openapi: '3.1.0',
    info: {
      title: 'Status page public API',
      version: '1',
      description:
        'Read-only, no authentication. Every body is {data: …} (except this document, served as it is); timestamps are ISO 8601 UTC with milliseconds. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: '/api/v1' }],
    paths: {
      '/status': operation('Overall status, service groups, active incidents and maintenances', {
        ...json('StatusResponse', 'The status summary'),
        headers: cachingHeaders,
      }),
      '/services': operation('Every service with its group', {
        ...json('ServiceListResponse', 'Services'),
        headers: cachingHeaders,
      }),
      '/incidents': operation(
        'Incidents, newest first',
        { ...json('IncidentListResponse', 'A page of incidents'), headers: listHeaders },
        { parameters: queryParameters(s.IncidentListQuery), badQuery: true },
      ),
      '/incidents/{shortId}': operation(
        'One incident',
        { ...json('IncidentResponse', 'The incident'), headers: cachingHeaders },
        { parameters: [shortId], notFound: true },
      ),
      '/maintenances': operation(
        'Maintenances: soonest first for active and upcoming, else newest start first',
        { ...json('MaintenanceListResponse', 'A page of maintenances'), headers: listHeaders },
        { parameters: queryParameters(s.MaintenanceListQuery), badQuery: true },
      ),
      '/maintenances/{shortId}': operation(
        'One maintenance',
        { ...json('MaintenanceResponse', 'The maintenance'), headers: cachingHeaders },
        { parameters: [shortId], notFound: true },
      ),
      '/uptime': operation(
        'Uptime per service and UTC day, from the history of service statuses (up to a minute behind the clock, never behind a write)',
        {
          description:
            'A page of services in the order of /services, each with its days: UptimeResponse, or UptimeCompactResponse with format=compact',
          headers: listHeaders,
          content: { 'application/json': { schema: { anyOf: [ref('UptimeResponse'), ref('UptimeCompactResponse')] } } },
        },
        { parameters: queryParameters(s.UptimeQuery), badQuery: true, notFound: true },
      ),
      ...metricPaths(),
      '/openapi.json': {
        get: {
          summary: 'This document, as it is (not wrapped in data)',
          responses: {
            200: {
              description: 'OpenAPI 3.1 document',
              headers: cachingHeaders,
              content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
            },
            304: notModified,
            404: problem(NO_PAGE),
          },
        },
      },
    },
    components: { schemas: componentSchemasOf(components) },
  }
  return document
}
