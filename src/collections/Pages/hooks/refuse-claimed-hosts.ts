import { type CollectionBeforeValidateHook, ValidationError } from 'payload'

import { normalHost } from '@/domain/pages'
import { requestT } from '@/i18n/admin-translations'

/**
 * A host name answers for one page only: a host listed twice, or already another page's, is refused as a 400 naming
 * the field (the request would otherwise go to whichever page was found first).
 */
export const refuseClaimedHosts: CollectionBeforeValidateHook = async ({ data, originalDoc, req }) => {
  const rows = (data?.hosts ?? originalDoc?.hosts ?? []) as { host?: unknown }[]
  const hosts = rows.map((row) => (typeof row?.host === 'string' ? normalHost(row.host) : '')).filter(Boolean)
  const refuse = (index: number, message: string) => {
    throw new ValidationError({ collection: 'pages', errors: [{ path: `hosts.${index}.host`, message }] }, req.t)
  }
  hosts.forEach((host, index) => {
    if (hosts.indexOf(host) !== index) refuse(index, requestT(req)('admin.check.page.hostTwice', { host }))
  })
  if (hosts.length === 0) return data
  const others = await req.payload.find({
    collection: 'pages',
    where: {
      and: [{ 'hosts.host': { in: hosts } }, ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : [])],
    },
    select: { name: true, hosts: true },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const other = others.docs[0]
  if (other) {
    const taken = new Set((other.hosts ?? []).map((row) => row.host))
    const index = hosts.findIndex((host) => taken.has(host))
    refuse(index, requestT(req)('admin.check.page.hostTaken', { host: hosts[index], page: other.name }))
  }
  return data
}
