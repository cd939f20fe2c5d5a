import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { withRestGuards } from '../../../../hooks/rest-route'

export const GET = withRestGuards(REST_GET(config), config)
export const POST = withRestGuards(REST_POST(config), config)
export const DELETE = withRestGuards(REST_DELETE(config), config)
export const PATCH = withRestGuards(REST_PATCH(config), config)
export const PUT = withRestGuards(REST_PUT(config), config)
export const OPTIONS = REST_OPTIONS(config)
