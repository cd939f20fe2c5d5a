import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { withSessionGuards } from '@/auth/route-guards'
import { withRestGuards } from '@/cms-api/rest-route'

export const GET = withSessionGuards(withRestGuards(REST_GET(config), config))
export const POST = withSessionGuards(withRestGuards(REST_POST(config), config))
export const DELETE = withSessionGuards(withRestGuards(REST_DELETE(config), config))
export const PATCH = withSessionGuards(withRestGuards(REST_PATCH(config), config))
export const PUT = withSessionGuards(withRestGuards(REST_PUT(config), config))
export const OPTIONS = REST_OPTIONS(config)
