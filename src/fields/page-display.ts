import type { Field } from 'payload'

import { MAX_MIN_INCIDENT_MINUTES, UPTIME_WINDOWS } from '@/domain/page-display'
import { optionsFrom } from './options'

/**
 * How a page shows uptime and quiet services (src/domain/page-display.ts, docs/pages.md). The same fields on the
 * settings (the default page) and on each page; each page decides for itself, and a page that changes nothing shows
 * what the site always showed.
 */
export const pageDisplayField: Field = {
  name: 'uptimeDisplay',
  label: 'Uptime and quiet services',
  type: 'group',
  admin: {
    description:
      'How this page shows uptime, and which services or groups it shows only while something is wrong with them.',
  },
  fields: [
    {
      name: 'days',
      label: 'Uptime window (days)',
      type: 'select',
      defaultValue: '90',
      options: optionsFrom(UPTIME_WINDOWS, {
        30: '30 days',
        60: '60 days',
        90: '90 days',
        180: '180 days',
        365: '365 days',
      }),
      admin: {
        description:
          'How many days of bars each service shows, and the longest window /api/v1/uptime gives for this page.',
      },
    },
    {
      name: 'minIncidentMinutes',
      label: 'Shortest outage counted (minutes)',
      type: 'number',
      defaultValue: 0,
      min: 0,
      max: MAX_MIN_INCIDENT_MINUTES,
      admin: {
        step: 1,
        description:
          'A service degraded or down for less than this counts as up: the uptime percentage stays as it was and the day’s bar keeps its colour; resolved incidents shorter than this are not listed on the bars. 0: every outage counts.',
      },
    },
    {
      name: 'withoutUptime',
      label: 'Services without uptime bars',
      type: 'relationship',
      relationTo: 'services',
      hasMany: true,
      admin: {
        description: 'These services are listed with their status only: no bars and no percentage on this page.',
      },
    },
    {
      name: 'onlyWhenNotOperational',
      label: 'Shown only while not operational',
      type: 'relationship',
      relationTo: ['service-groups', 'services'],
      hasMany: true,
      admin: {
        description:
          'These groups and services are left off this page (and its /api/v1/status) while they are operational, and appear as soon as they are not.',
      },
    },
  ],
}
