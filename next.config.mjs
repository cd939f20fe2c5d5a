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
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      { source: '/admin', headers: adminHeaders },
      { source: '/admin/:path*', headers: adminHeaders },
    ]
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
