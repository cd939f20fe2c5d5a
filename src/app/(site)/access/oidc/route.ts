import { oidcSignInStart } from '@/site/access-oidc'

export const dynamic = 'force-dynamic'

/** Starts a sign-in to a private page with its identity provider (docs/private-pages.md). */
export const GET = oidcSignInStart
