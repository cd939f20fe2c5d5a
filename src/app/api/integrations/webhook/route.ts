import { handleWebhook } from '@/integrations/webhook'

export const dynamic = 'force-dynamic'

/** POST /api/integrations/webhook with Authorization: Bearer <token> (docs/integrations.md). */
export const POST = (request: Request) => handleWebhook(request, null)
