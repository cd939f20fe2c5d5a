/**
 * `GET /api/audit-log/export.csv?from=&to=&collection=&user=&action=` (administrators): the entries in that window,
 * newest first, as CSV (src/domain/audit.ts's columns). `user` is a user id or the address a "Who" holds.
 */
import type { Endpoint, PayloadRequest, Where } from 'payload'

import { cmsEndpoint, requireUser } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { AUDIT_ACTIONS, AUDIT_CSV_COLUMNS, csvCell } from '@/domain/audit'
import { BadRequest } from '@/errors'

/** A bound on one export; a longer history is exported window by window. */
export const MAX_EXPORT_ROWS = 100_000
const PAGE = 1000

function dateParameter(params: URLSearchParams, name: 'from' | 'to'): Date | null {
  const value = params.get(name)
  if (value === null || value.trim() === '') return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new BadRequest(`${name}: must be a date, e.g. 2026-01-31T12:00:00Z`)
  return date
}

/** The filter the query parameters ask for; a 400 naming the parameter for one that cannot be a filter. */
export function exportFilter(params: URLSearchParams): Where {
  const and: Where[] = []
  const from = dateParameter(params, 'from')
  const to = dateParameter(params, 'to')
  if (from) and.push({ createdAt: { greater_than_equal: from.toISOString() } })
  if (to) and.push({ createdAt: { less_than: to.toISOString() } })
  const collection = params.get('collection')?.trim()
  if (collection) and.push({ collection: { equals: collection } })
  const user = params.get('user')?.trim()
  if (user) and.push(/^\d+$/.test(user) ? { userId: { equals: Number(user) } } : { actor: { equals: user } })
  const action = params.get('action')?.trim()
  if (action) {
    if (!(AUDIT_ACTIONS as readonly string[]).includes(action))
      throw new BadRequest(`action: must be one of ${AUDIT_ACTIONS.join(', ')}`)
    and.push({ action: { equals: action } })
  }
  return { and }
}

function csvLine(entry: Record<string, unknown>): string {
  return AUDIT_CSV_COLUMNS.map((column) => csvCell(column === 'at' ? entry.createdAt : entry[column])).join(',')
}

async function exportCsv(req: PayloadRequest): Promise<Response> {
  requireUser(req, isAdmin)
  const where = exportFilter(new URL(req.url ?? 'http://localhost').searchParams)
  const lines = [AUDIT_CSV_COLUMNS.join(',')]
  for (let page = 1; lines.length <= MAX_EXPORT_ROWS; page++) {
    const { docs, hasNextPage } = await req.payload.find({
      collection: 'audit-log',
      where,
      sort: '-createdAt',
      limit: PAGE,
      page,
      depth: 0,
      overrideAccess: true,
      req,
    })
    for (const doc of docs) lines.push(csvLine(doc as unknown as Record<string, unknown>))
    if (!hasNextPage) break
  }
  return new Response(`${lines.slice(0, MAX_EXPORT_ROWS + 1).join('\r\n')}\r\n`, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit-log.csv"',
      'cache-control': 'no-store',
    },
  })
}

export const exportAuditCsvEndpoint: Endpoint = {
  path: '/export.csv',
  method: 'get',
  handler: cmsEndpoint(exportCsv),
}
