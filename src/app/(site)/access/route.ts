import { readBodyText } from '@/notify/endpoint'
import { accessSignIn } from '@/site/access-sign-in'

export const dynamic = 'force-dynamic'

/** The sign-in form of a private page (docs/private-pages.md): its password for an access cookie. */
export const POST = async (request: Request) =>
  accessSignIn(request, new URLSearchParams((await readBodyText(request)) ?? ''))
