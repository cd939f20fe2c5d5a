import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { withGraphqlAuthStatus } from '../../../../access/graphql-status'

export const POST = withGraphqlAuthStatus(GRAPHQL_POST(config))
export const OPTIONS = REST_OPTIONS(config)
