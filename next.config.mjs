import { withPayload } from '@payloadcms/next/withPayload'

/**
 * Security headers (docs/security-auth.md, finding L3). Every response, JSON and media included, is never
 * content-sniffed. The admin cannot be framed, and its policy allows what Payload's admin needs: Next's inline
 * bootstrap scripts and React's inline styles. The public pages bring their own, stricter policy (hashes of their
 * inline scripts: src/site/content-security-policy.ts).
 */
const ADMIN_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

const adminHeaders = [
  { key: 'Content-Security-Policy', value: ADMIN_CONTENT_SECURITY_POLICY },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
]

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Type-checking runs in `npm test` (tsc --noEmit); doing it again in every build costs a minute on this machine.
  typescript: { ignoreBuildErrors: true },
  // No source maps: the server runs without --enable-source-maps and the browser bundles are not shipped with maps,
  // so nothing reads them; writing them was a sixth of a build's time and half of .next (280 MB).
  experimental: { turbopackSourceMaps: false, turbopackInputSourceMaps: false },
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: '/admin', headers: adminHeaders },
      { source: '/admin/:path*', headers: adminHeaders },
    ]
  },
}

/**
 * Payload asks for the colour-scheme client hint (Accept-CH, Critical-CH, Vary: Sec-CH-Prefers-Color-Scheme) on
 * every path, for its admin theme. Only the admin reads it: on the public API and site it would make every
 * response vary on a header that changes nothing, and Critical-CH makes browsers retry the request. So its rule
 * applies to /admin only.
 */
function clientHintsForAdminOnly(config) {
  const headers = config.headers
  return {
    ...config,
    headers: async () =>
      (await headers()).flatMap((rule) => {
        const hints = rule.headers.some((h) => h.key === 'Accept-CH')
        return rule.source === '/:path*' && hints
          ? [
              { ...rule, source: '/admin' },
              { ...rule, source: '/admin/:path*' },
            ]
          : [rule]
      }),
  }
}

export default clientHintsForAdminOnly(withPayload(nextConfig, { devBundleServerPackages: false }))
