/**
 * Above the admin dashboard's collection cards (a Payload beforeDashboard server component): what is not yet
 * configured, the first steps on an empty site, the status visitors see now and the incidents still open, in the
 * operator's language (Payload's `i18n`).
 */
import type { I18nClient } from '@payloadcms/translations'
import type { Payload } from 'payload'
import type { CSSProperties, ReactNode } from 'react'

import { type DashboardFacts, dashboardFacts, type MissingSetting } from '@/admin/dashboard-facts'
import { INCIDENT_STATUSES, isOneOf } from '@/domain/statuses'
import type { AdminKey, AdminText } from '@/i18n/admin-text'
import { serverAdminText } from '@/i18n/admin-translations'
import { incidentStatusLabel, serviceStatusLabel } from '@/i18n/statuses'

const box = {
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: '4px',
  padding: '1rem 1.25rem',
  marginBottom: '1.5rem',
} as const
const warn = { ...box, borderColor: 'var(--theme-warning-500)', background: 'var(--theme-warning-50)' } as const
const heading = { marginTop: 0, fontSize: '1.25rem' } as const

/** A box of the dashboard, named by its heading. */
function Section({
  id,
  title,
  style,
  children,
}: {
  id: string
  title: string
  style: CSSProperties
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} style={style}>
      <h2 id={id} style={heading}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function FirstSteps({
  counts,
  t,
}: {
  counts: { groups: number; services: number; incidents: number }
  t: AdminText['t']
}) {
  if (counts.groups > 0 && counts.services > 0) return null
  const step = (done: boolean, text: AdminKey, href: string, label: AdminKey) => (
    <li>
      {done ? '✓ ' : ''}
      {t(text)} <a href={href}>{t(label)}</a>
    </li>
  )
  return (
    <Section id="first-steps-h" title={t('admin.ui.dashboard.firstSteps')} style={box}>
      <ol>
        {step(
          counts.groups > 0,
          'admin.ui.dashboard.firstSteps.group',
          '/admin/collections/service-groups/create',
          'admin.ui.dashboard.firstSteps.group.link',
        )}
        {step(
          counts.services > 0,
          'admin.ui.dashboard.firstSteps.service',
          '/admin/collections/services/create',
          'admin.ui.dashboard.firstSteps.service.link',
        )}
        {step(
          counts.incidents > 0,
          'admin.ui.dashboard.firstSteps.incident',
          '/admin/collections/incidents/create',
          'admin.ui.dashboard.firstSteps.incident.link',
        )}
      </ol>
    </Section>
  )
}

/** Shown while any message failed in the last 24 hours: how many, the latest reason, and where to look. */
function RecentFailures({ failures, text }: { failures: NonNullable<DashboardFacts['failures']>; text: AdminText }) {
  const { t, rich } = text
  return (
    <Section
      id="failed-messages-h"
      title={t('admin.ui.dashboard.failures')}
      style={{ ...warn, borderColor: 'var(--theme-error-500)', background: 'var(--theme-error-50)' }}
    >
      <ul style={{ marginBottom: 0 }}>
        {failures.deliveries > 0 && (
          <li>
            {t('admin.ui.dashboard.failures.deliveries', { count: failures.deliveries })}{' '}
            <a href="/admin/collections/notification-deliveries?where[status][in][0]=failed&where[status][in][1]=interrupted">
              {t('admin.ui.dashboard.failures.deliveries.link')}
            </a>
          </li>
        )}
        {failures.confirmations > 0 && (
          <li>
            {t('admin.ui.dashboard.failures.confirmations', { count: failures.confirmations })}{' '}
            <a href="/admin/collections/subscribers?where[confirmationError][exists]=true">
              {t('admin.ui.dashboard.failures.confirmations.link')}
            </a>
          </li>
        )}
        <li>
          {rich(
            'admin.ui.dashboard.failures.latest',
            // The error as the mail or SMS server gave it: not translated.
            { reason: failures.latest ?? t('admin.ui.dashboard.failures.noReason') },
            {
              strong: (words) => <strong>{words}</strong>,
              link: (words) => <a href="/admin/globals/email-settings">{words}</a>,
            },
          )}
        </li>
      </ul>
    </Section>
  )
}

const MISSING: Record<MissingSetting, { what: AdminKey; fix: AdminKey }> = {
  email: { what: 'admin.ui.dashboard.missing.email.what', fix: 'admin.ui.dashboard.missing.email.fix' },
  sms: { what: 'admin.ui.dashboard.missing.sms.what', fix: 'admin.ui.dashboard.missing.sms.fix' },
  baseUrl: { what: 'admin.ui.dashboard.missing.baseUrl.what', fix: 'admin.ui.dashboard.missing.baseUrl.fix' },
}

function NotConfigured({ missing, t }: { missing: DashboardFacts['missing']; t: AdminText['t'] }) {
  if (missing.length === 0) return null
  return (
    <Section id="not-configured-h" title={t('admin.ui.dashboard.notConfigured')} style={warn}>
      <ul>
        {missing.map((m) => (
          <li key={m.setting}>
            <strong>{t(MISSING[m.setting].what)}</strong> {t(MISSING[m.setting].fix)}{' '}
            <a href={m.href}>{t('admin.ui.dashboard.open')}</a>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export async function OperatorDashboard({ payload, i18n }: { payload: Payload; i18n: I18nClient }) {
  const facts = await dashboardFacts(payload)
  const text = serverAdminText(i18n)
  const { t } = text
  return (
    <div className="operator-dashboard" style={{ marginBottom: '1rem' }}>
      <NotConfigured missing={facts.missing} t={t} />
      {facts.failures && <RecentFailures failures={facts.failures} text={text} />}
      <FirstSteps counts={facts.counts} t={t} />
      <Section
        id="current-status-h"
        title={t('admin.ui.dashboard.status', { status: serviceStatusLabel(t, facts.status) })}
        style={box}
      >
        {facts.activeIncidents.length === 0 ? (
          <p style={{ marginBottom: 0 }}>{t('admin.ui.dashboard.noActiveIncidents')}</p>
        ) : (
          <ul style={{ marginBottom: 0 }}>
            {facts.activeIncidents.map((i) => (
              <li key={i.shortId}>
                <a href={`/i/${i.shortId}`}>{i.title}</a> (
                {isOneOf(INCIDENT_STATUSES, i.status) ? incidentStatusLabel(t, i.status) : i.status})
              </li>
            ))}
          </ul>
        )}
        <p style={{ marginBottom: 0 }}>
          <a href="/" target="_blank" rel="noopener">
            {t('admin.ui.dashboard.viewSite')}
          </a>
        </p>
      </Section>
    </div>
  )
}
