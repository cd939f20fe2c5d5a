/**
 * The OpenAPI 3.1 document of /api/v2 (the Statuspage-compatible API), generated from its zod schemas as
 * /api/v1's is (src/public-api/openapi.ts).
 */
import { z } from 'zod'

import { componentSchemasOf, localeParameter } from '../openapi'

import * as s from './schemas'

type JsonSchema = Record<string, unknown>

const components: Record<string, z.ZodType> = {
  Page: s.Page,
  Status: s.Status,
  ComponentStatus: s.ComponentStatus,
  Component: s.Component,
  AffectedComponent: s.AffectedComponent,
  IncidentUpdate: s.IncidentUpdate,
  Incident: s.Incident,
  ScheduledMaintenance: s.ScheduledMaintenance,
  SummaryResponse: s.SummaryResponse,
  StatusResponse: s.StatusResponse,
  ComponentsResponse: s.ComponentsResponse,
  IncidentsResponse: s.IncidentsResponse,
  ScheduledMaintenancesResponse: s.ScheduledMaintenancesResponse,
}

const headers = {
  ETag: { description: 'Send it back in If-None-Match to get 304 while unchanged', schema: { type: 'string' } },
  'Cache-Control': { schema: { type: 'string' } },
}

/** Any path under /p/<slug>/ (docs/pages.md) is a 404 when no page has the slug. */
const NO_PAGE = {
  description: 'No status page at this address (a /p/<slug>/ that no page has); an RFC 9457 problem',
  content: { 'application/problem+json': { schema: { type: 'object', required: ['status', 'detail'] } } },
}

function operation(summary: string, schema: string) {
  return {
    get: {
      summary,
      parameters: [localeParameter],
      responses: {
        200: {
          description: summary,
          headers,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
        },
        304: { description: 'Not modified (If-None-Match matched the ETag); no body' },
        400: {
          description: 'The locale is not one this service speaks; an RFC 9457 problem naming it in invalid-params',
          content: { 'application/problem+json': { schema: { type: 'object', required: ['status', 'detail'] } } },
        },
        404: NO_PAGE,
        429: { description: 'Rate limited; see Retry-After and the RateLimit-* headers' },
      },
    },
  }
}

let document: JsonSchema | undefined

export function openApiDocumentV2(): JsonSchema {
  document ??= {
    openapi: '3.1.0',
    info: {
      title: 'Status page API, Statuspage-compatible',
      version: '2',
      description:
        "Atlassian Statuspage's public API v2, read-only, no authentication, no query parameters but ?locale (the language of the texts this service writes); the mapping from this service's model is in docs/api.md.",
    },
    servers: [{ url: '/api/v2' }],
    paths: {
      '/summary.json': operation(
        'Status, components, unresolved incidents, upcoming and in-progress maintenances',
        'SummaryResponse',
      ),
      '/status.json': operation('The rollup of the whole page', 'StatusResponse'),
      '/components.json': operation('Every component, groups included', 'ComponentsResponse'),
      '/incidents.json': operation('The 50 most recent incidents', 'IncidentsResponse'),
      '/incidents/unresolved.json': operation('Every incident not resolved', 'IncidentsResponse'),
      '/scheduled-maintenances.json': operation(
        'The 50 most recent scheduled maintenances',
        'ScheduledMaintenancesResponse',
      ),
      '/scheduled-maintenances/upcoming.json': operation(
        'Every maintenance still scheduled',
        'ScheduledMaintenancesResponse',
      ),
      '/scheduled-maintenances/active.json': operation(
        'Every maintenance in progress',
        'ScheduledMaintenancesResponse',
      ),
      '/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            200: {
              description: 'OpenAPI 3.1 document',
              headers,
              content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
            },
            304: { description: 'Not modified' },
            404: NO_PAGE,
          },
        },
      },
    },
    components: { schemas: componentSchemasOf(components) },
  }
  return document
}
