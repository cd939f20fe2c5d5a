/**
 * Validation rules every GraphQL operation passes before it runs, so a refused query costs no database work. Cost:
 * Payload's own limit counts fields, not rows, so here a list's selection counts once per row it may return and
 * aliases each count (over MAX_GRAPHQL_COST: 400). Access: `Access` and `docAccess…` answer anonymous callers 401,
 * as REST does. docs/security.md, "CMS REST and GraphQL input".
 */
import type { ExecutionArgs, ValidationContext, ValidationRule } from 'graphql'
// The CommonJS build, which Payload and graphql-http load: a GraphQLError of the other build (graphql's .mjs, which
// bundlers may pick for 'graphql') fails their instanceof checks, and the error went out as a bare array.
import { GraphQLError } from 'graphql/error/GraphQLError.js'
import { createComplexityRule, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity'

import { clientLimit } from './list-params'
import { UNAUTHENTICATED_MESSAGE } from '@/access/unauthenticated'

/** Field values one operation may ask for: e.g. 5 full pages of 100 incidents with ten fields each. */
export const MAX_GRAPHQL_COST = 5_000
/** Payload's default page size, which a list query without `limit` gets. */
const DEFAULT_ROWS = 10

/** A list query (it takes `limit`) costs its selection once per row it may return. */
const rowsEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (!field.args.some((arg) => arg.name === 'limit')) return undefined
  const rows =
    args.pagination === false
      ? clientLimit(0)
      : args.limit === undefined || args.limit === null
        ? DEFAULT_ROWS
        : clientLimit(args.limit)
  return 1 + childComplexity * rows
}

function costRule(variables: ExecutionArgs['variableValues']): ValidationRule {
  return createComplexityRule({
    maximumComplexity: MAX_GRAPHQL_COST,
    variables: variables ?? undefined,
    estimators: [rowsEstimator, simpleEstimator({ defaultComplexity: 1 })],
    createError: (max, actual) =>
      new GraphQLError(
        `This query is too expensive: it may return about ${actual} values, and at most ${max} are allowed. Ask for fewer rows (limit), fields or aliases.`,
        { extensions: { statusCode: 400 } },
      ),
  })
}

function anonymousAccessRule(user: unknown): ValidationRule {
  return (context: ValidationContext) => ({
    Field(node) {
      const name = node.name.value
      if (user || (name !== 'Access' && !name.startsWith('docAccess')) || context.getParentType()?.name !== 'Query')
        return
      context.reportError(new GraphQLError(UNAUTHENTICATED_MESSAGE, { nodes: [node], extensions: { statusCode: 401 } }))
    },
  })
}

/** For Payload's `graphQL.validationRules`. */
export function graphqlValidationRules(args: ExecutionArgs): ValidationRule[] {
  const user = (args.contextValue as { req?: { user?: unknown } } | undefined)?.req?.user
  return [costRule(args.variableValues), anonymousAccessRule(user)]
}
