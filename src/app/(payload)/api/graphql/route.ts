import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { withGraphqlAuthStatus } from '@/cms-api/graphql-status'
import { withSessionGuards } from '@/auth/route-guards'

export const POST = withSessionGuards(withGraphqlAuthStatus(GRAPHQL_POST(config)))
export const OPTIONS = REST_OPTIONS(config)
