/**
 * Above the admin dashboard's collection cards (a Payload beforeDashboard server component): what is not yet
 * configured, the first steps on an empty site, the status visitors see now and the incidents still open.
 */
import type { Payload } from 'payload'

import { type DashboardFacts, dashboardFacts } from '@/admin/dashboard-facts'
import { INCIDENT_STATUS_LABELS, isOneOf, INCIDENT_STATUSES, SERVICE_STATUS_LABELS } from '@/domain/statuses'

const box = {
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: '4px',
  padding: '1rem 1.25rem',
  marginBottom: '1.5rem',
} as const
const warn = { ...box, borderColor: 'var(--theme-warning-500)', background: 'var(--theme-warning-50)' } as const

function FirstSteps({ counts }: { counts: { groups: number; services: number; incidents: number } }) {
  if (counts.groups > 0 && counts.services > 0) return null
  const step = (done: boolean, text: string, href: string, label: string) => (
    <li>
      {done ? '✓ ' : ''}
      {text} <a href={href}>{label}</a>
    </li>
  )
  return (
    <section aria-labelledby="first-steps-h" style={box}>
      <h2 id="first-steps-h" style={{ marginTop: 0, fontSize: '1.25rem' }}>
        First steps
      </h2>
      <ol>
        {step(
          counts.groups > 0,
          'Create a service group (for example “Website” or “API”).',
          '/admin/collections/service-groups/create',
          'New service group',
        )}
        {step(
          counts.services > 0,
          'Add the services visitors care about, each in a group.',
          '/admin/collections/services/create',
          'New service',
        )}
        {step(
          counts.incidents > 0,
          'When something goes wrong, open an incident and post updates.',
          '/admin/collections/incidents/create',
          'New incident',
        )}
      </ol>
    </section>
  )
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Shown while any message failed in the last 24 hours: how many, the latest reason, and where to look. */
function RecentFailures({ failures }: { failures: NonNullable<DashboardFacts['failures']> }) {
  return (
    <section
      aria-labelledby="failed-messages-h"
      style={{ ...warn, borderColor: 'var(--theme-error-500)', background: 'var(--theme-error-50)' }}
    >
      <h2 id="failed-messages-h" style={{ marginTop: 0, fontSize: '1.25rem' }}>
        Messages failed in the last 24 hours
      </h2>
      <ul style={{ marginBottom: 0 }}>
        {failures.deliveries > 0 && (
          <li>
            {plural(failures.deliveries, 'notification delivery', 'notification deliveries')} failed or interrupted.{' '}
            <a href="/admin/collections/notification-deliveries?where[status][in][0]=failed&where[status][in][1]=interrupted">
              See them
            </a>
          </li>
        )}
        {failures.confirmations > 0 && (
          <li>
            {plural(failures.confirmations, 'subscription confirmation', 'subscription confirmations')} not sent.{' '}
            <a href="/admin/collections/subscribers?where[confirmationError][exists]=true">See the subscribers</a>
          </li>
        )}
        <li>
          Latest: <strong>{failures.latest}</strong> Check the settings with{' '}
          <a href="/admin/globals/email-settings">Send a test message</a>.
        </li>
      </ul>
    </section>
  )
}

export async function OperatorDashboard({ payload }: { payload: Payload }) {
  const facts = await dashboardFacts(payload)
  return (
    <div className="operator-dashboard" style={{ marginBottom: '1rem' }}>
      {facts.missing.length > 0 && (
        <section aria-labelledby="not-configured-h" style={warn}>
          <h2 id="not-configured-h" style={{ marginTop: 0, fontSize: '1.25rem' }}>
            Not configured yet
          </h2>
          <ul>
            {facts.missing.map((m) => (
              <li key={m.what}>
                <strong>{m.what}.</strong> {m.fix} <a href={m.href}>Open</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {facts.failures && <RecentFailures failures={facts.failures} />}
      <FirstSteps counts={facts.counts} />
      <section aria-labelledby="current-status-h" style={box}>
        <h2 id="current-status-h" style={{ marginTop: 0, fontSize: '1.25rem' }}>
          Current status: {SERVICE_STATUS_LABELS[facts.status]}
        </h2>
        {facts.activeIncidents.length === 0 ? (
          <p style={{ marginBottom: 0 }}>No active incidents.</p>
        ) : (
          <ul style={{ marginBottom: 0 }}>
            {facts.activeIncidents.map((i) => (
              <li key={i.shortId}>
                <a href={`/i/${i.shortId}`}>{i.title}</a> (
                {isOneOf(INCIDENT_STATUSES, i.status) ? INCIDENT_STATUS_LABELS[i.status] : i.status})
              </li>
            ))}
          </ul>
        )}
        <p style={{ marginBottom: 0 }}>
          <a href="/" target="_blank" rel="noopener">
            View the public site
          </a>
        </p>
      </section>
    </div>
  )
}
