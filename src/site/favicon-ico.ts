/**
 * `/favicon.ico`, which browsers, feed readers and crawlers ask for without reading a page: the favicon uploaded in
 * Settings (a redirect to the file), else the default icon in the overall status's colour, like the pages' links
 * (the response cache keeps it until the next write, which can change the status).
 * Next builds no route from a folder named `favicon.ico` (the name is its metadata convention), so the catch-all
 * route answers this path through here.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { PUBLIC_CACHE_CONTROL } from '@/edge/cache-control'
import { markPageResponse, publicPage } from '@/settings/base-url'
import { AccessRequired } from '@/settings/page-access'

import { faviconSvg, type FaviconTone } from './favicon'
import { pageShell } from './page-shell'

export async function faviconIco(request: Request): Promise<Response> {
  let uploaded: string | null = null
  let tone: FaviconTone = 'neutral'
  let requestPage: Awaited<ReturnType<typeof publicPage>> | null = null
  try {
    const payload = await getPayload({ config })
    requestPage = await publicPage(payload, request)
    const shell = await pageShell(payload, requestPage.page, requestPage.links.scope)
    uploaded = shell.favicon?.url ?? null
    tone = shell.status
  } catch (error) {
    // A private page's reader without access gets the default icon: not even its status's colour.
    if (!(error instanceof AccessRequired))
      console.error('GET /favicon.ico: settings unreadable, answering the default icon:', error)
  }
  if (uploaded) return new Response(null, { status: 302, headers: { location: uploaded, 'cache-control': 'no-cache' } })
  const response = new Response(request.method === 'HEAD' ? null : faviconSvg(tone), {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': PUBLIC_CACHE_CONTROL,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  })
  // Unread (the database is down): no page to name, so any change makes the copy stale.
  return requestPage ? markPageResponse(response, requestPage) : response
}
