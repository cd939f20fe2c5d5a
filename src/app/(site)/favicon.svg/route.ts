import { faviconSvg, faviconTone } from '@/site/favicon'

export const dynamic = 'force-dynamic'

/** `/favicon.svg?status=<overall status>`: the default favicon; the same address always gives the same picture. */
export function GET(request: Request): Response {
  const tone = faviconTone(new URL(request.url).searchParams.get('status'))
  return new Response(request.method === 'HEAD' ? null : faviconSvg(tone), {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      // Opened on its own, an SVG is a document: this one has no script, and may not run any.
      'content-security-policy': "default-src 'none'",
    },
  })
}
