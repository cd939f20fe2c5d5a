import type { CollectionConfig } from 'payload'

import { nobody } from '@/access/roles'

const never = () => false

/**
 * A metric's points (docs/metrics.md): the raw points as written (resolution 0) and their roll-ups (300: 5 minutes,
 * 3600: an hour), one row per metric, resolution and time, so a repeated timestamp replaces its row. Written and
 * read only by the server (src/services/metrics), with the statements the Local API cannot express (bulk upserts);
 * nobody reaches it through the CMS API, GraphQL or the admin. `metric` is a plain number, not a relationship: the
 * rows carry no foreign key to check on every insert, and a metric's delete removes its points itself.
 * Times are whole seconds since the epoch.
 */
export const MetricPoints: CollectionConfig = {
  slug: 'metric-points',
  labels: { singular: 'Metric point', plural: 'Metric points' },
  admin: { hidden: true },
  graphQL: false,
  timestamps: false,
  lockDocuments: false,
  access: { read: never, create: never, update: never, delete: never },
  indexes: [{ fields: ['metric', 'resolution', 't'], unique: true }],
  fields: [
    { name: 'metric', label: 'Metric', type: 'number', required: true, access: { update: nobody } },
    { name: 'resolution', label: 'Resolution (seconds)', type: 'number', required: true },
    { name: 't', label: 'Time', type: 'number', required: true },
    { name: 'v', label: 'Value', type: 'number', required: true },
    // How many raw points the row combines: an average rolled up again weighs each bucket by it.
    { name: 'n', label: 'Points combined', type: 'number', required: true, defaultValue: 1 },
  ],
}
