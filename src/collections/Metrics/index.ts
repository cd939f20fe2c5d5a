import type { CollectionConfig, Validate } from 'payload'

import { unlimitedEditors } from '@/access/page-editors'
import { admins, editors, nobody } from '@/access/roles'
import { METRIC_AGGREGATION_LABELS, METRIC_AGGREGATIONS, METRIC_SOURCE_LABELS, METRIC_SOURCES } from '@/domain/metrics'
import { optionsFrom } from '@/fields/options'
import { slugField } from '@/fields/slug'
import { invalidatePublicCache } from '@/hooks/invalidate-public-cache'
import { destinationProblem } from '@/net/outbound-url'

import { removePoints } from './hooks/remove-points'
import { pushEndpoint } from './push-endpoint'
import { shownOnPagesField } from '@/fields/shown-on-pages'

const readOnly = { readOnly: true, position: 'sidebar' as const }
const forPrometheus = { condition: (_: unknown, sibling: { source?: string }) => sibling?.source === 'prometheus' }

/** The base URL: required for a Prometheus metric, and an address the outbound policy allows (src/net). */
const baseUrlRule: Validate = (value, { siblingData }) => {
  if ((siblingData as { source?: string }).source !== 'prometheus') return true
  if (typeof value !== 'string' || value.trim() === '') return 'A Prometheus metric needs the base URL of Prometheus.'
  const problem = destinationProblem(value.trim())
  return problem ? `The base URL ${problem}.` : true
}

const queryRule: Validate = (value, { siblingData }) =>
  (siblingData as { source?: string }).source !== 'prometheus' || (typeof value === 'string' && value.trim() !== '')
    ? true
    : 'A Prometheus metric needs a PromQL query.'

/**
 * A metric (docs/metrics.md): a number shown as charts on the pages, its points pushed through the API
 * (`POST /api/metrics/<slug>/data`) or read from Prometheus. Editors read and write them (the Prometheus address is
 * not for strangers: the public reads are /api/v1/metrics); editors limited to pages neither.
 */
export const Metrics: CollectionConfig = {
  slug: 'metrics',
  labels: { singular: 'Metric', plural: 'Metrics' },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'unit', 'source', 'service'], group: 'Status' },
  defaultSort: 'displayOrder',
  access: { read: editors, create: unlimitedEditors, update: unlimitedEditors, delete: admins },
  endpoints: [pushEndpoint],
  hooks: {
    afterChange: invalidatePublicCache.afterChange,
    afterDelete: [...invalidatePublicCache.afterDelete, removePoints],
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    slugField('name'),
    {
      name: 'unit',
      type: 'text',
      maxLength: 20,
      admin: { description: 'Printed after each value, such as ms, %, req/s.' },
    },
    { name: 'decimals', type: 'number', defaultValue: 0, min: 0, max: 6, admin: { step: 1 } },
    {
      name: 'aggregation',
      type: 'select',
      required: true,
      defaultValue: 'avg',
      options: optionsFrom(METRIC_AGGREGATIONS, METRIC_AGGREGATION_LABELS),
      admin: { description: 'How the points of 5 minutes or an hour combine into one.' },
    },
    {
      name: 'service',
      type: 'relationship',
      relationTo: 'services',
      index: true,
      admin: { description: 'Its charts sit beside this service, on every page that lists it.' },
    },
    {
      ...shownOnPagesField,
      admin: {
        description:
          'It shows on every page that lists its service, and on these. With neither, it shows on the default page only.',
      },
    },
    { name: 'displayOrder', type: 'number', defaultValue: 0, admin: { position: 'sidebar', step: 1 } },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'push',
      options: optionsFrom(METRIC_SOURCES, METRIC_SOURCE_LABELS),
    },
    {
      name: 'prometheusUrl',
      label: 'Prometheus base URL',
      type: 'text',
      maxLength: 500,
      validate: baseUrlRule,
      admin: { ...forPrometheus, description: 'Such as https://prometheus.example.com (the outbound policy applies).' },
    },
    {
      name: 'prometheusQuery',
      label: 'PromQL query',
      type: 'textarea',
      maxLength: 2000,
      validate: queryRule,
      admin: {
        ...forPrometheus,
        description: 'One series, such as histogram_quantile(0.95, sum(rate(…[5m])) by (le)).',
      },
    },
    // Written by the Prometheus loop only (src/services/metrics/poll-prometheus.ts), never through the API.
    {
      name: 'lastError',
      type: 'text',
      access: { create: nobody, update: nobody },
      admin: { ...readOnly, description: 'Why the last Prometheus query failed; empty when it worked.' },
    },
    {
      name: 'polledAt',
      label: 'Last polled',
      type: 'date',
      access: { create: nobody, update: nobody },
      admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } },
    },
  ],
}
