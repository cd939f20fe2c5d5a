import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Type-checking runs in `npm test` (tsc --noEmit); doing it again in every build costs a minute on this machine.
  typescript: { ignoreBuildErrors: true },
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
        return rule.source === '/:path*' && hints ? [{ ...rule, source: '/admin' }, { ...rule, source: '/admin/:path*' }] : [rule]
      }),
  }
}

export default clientHintsForAdminOnly(withPayload(nextConfig, { devBundleServerPackages: false }))
