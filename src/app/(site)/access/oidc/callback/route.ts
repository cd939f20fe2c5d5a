import { oidcSignInCallback } from '@/site/access-oidc'

export const dynamic = 'force-dynamic'

/** Where the identity provider sends a reader back: the access cookie for one it may let in. */
export const GET = oidcSignInCallback
