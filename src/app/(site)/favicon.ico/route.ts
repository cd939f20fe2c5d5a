import config from '@payload-config'
import { getPayload } from 'payload'

import { siteSettings } from '../../../site/data'
import { faviconSvg } from '../../../site/favicon'

export const dynamic = 'force-dynamic'

/**
 * `/favicon.ico`, which browsers, feed readers and crawlers ask for without reading a page: the favicon uploaded in
 * Settings (a redirect to the file), else the default icon in its neutral colour (the pages link the coloured one).
 */
export async function GET(request: Request): Promise<Response> {
  let uploaded: string | null = null
  try {
    uploaded = (await siteSettings(await getPayload({ config }))).favicon?.url ?? null
  } catch (error) {
    console.error('GET /favicon.ico: settings unreadable, answering the default icon:', error)
  }
  if (uploaded) {
    return new Response(null, { status: 302, headers: { location: uploaded, 'cache-control': 'no-cache' } })
  }
  return new Response(request.method === 'HEAD' ? null : faviconSvg('neutral'), {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, no-cache', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" },
  })
}
