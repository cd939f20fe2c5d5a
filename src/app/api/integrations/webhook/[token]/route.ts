import { handleWebhook } from '@/integrations/webhook'

export const dynamic = 'force-dynamic'

/** POST /api/integrations/webhook/<token>, for tools that cannot set a header (docs/integrations.md). */
export const POST = async (request: Request, { params }: { params: Promise<{ token: string }> }) =>
  handleWebhook(request, (await params).token)
