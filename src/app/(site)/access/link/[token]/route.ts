import { accessLinkExchange } from '@/site/access-link'

export const dynamic = 'force-dynamic'

/** A private page's share link: its token for an access cookie, then on to the page (src/site/access-link.ts). */
export const GET = async (request: Request, { params }: { params: Promise<{ token: string }> }) =>
  accessLinkExchange(request, (await params).token)
