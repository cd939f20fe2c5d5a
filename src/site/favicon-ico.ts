/**
 * `/favicon.ico`, which browsers, feed readers and crawlers ask for without reading a page: the favicon uploaded in
 * Settings (a redirect to the file), else the default icon in its neutral colour (the pages link the coloured one).
 * Next builds no route from a folder named `favicon.ico` (the name is its metadata convention), so the catch-all
 * route answers this path through here.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { siteSettings } from '../settings/site-settings'

import { faviconSvg } from './favicon'

export async function faviconIco(request: Request): Promise<Response> {
  let uploaded: string | null = null
  try {
    uploaded = (await siteSettings(await getPayload({ config }))).favicon?.url ?? null
  } catch (error) {
    console.error('GET /favicon.ico: settings unreadable, answering the default icon:', error)
  }
  if (uploaded) return new Response(null, { status: 302, headers: { location: uploaded, 'cache-control': 'no-cache' } })
  return new Response(request.method === 'HEAD' ? null : faviconSvg('neutral'), {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, no-cache', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" },
  })
}
