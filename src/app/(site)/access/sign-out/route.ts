import { accessSignOut } from '@/site/access-sign-in'

export const dynamic = 'force-dynamic'

/** Signs a reader out of a private page: its access cookie goes. */
export const POST = accessSignOut
