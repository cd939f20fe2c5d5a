import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { ar } from '@payloadcms/translations/languages/ar'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { fr } from '@payloadcms/translations/languages/fr'
import { ja } from '@payloadcms/translations/languages/ja'
import { pt } from '@payloadcms/translations/languages/pt'

import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type Config, defaultLoggerOptions } from 'payload'

import { graphqlValidationRules } from './cms-api/graphql-rules'
import { keepRefusalMessages } from './cms-api/refusal-messages'
import { unauthenticatedAs401 } from './access/unauthenticated'
import { watchDatabaseFailures } from './auth/database-failure'
import { restrictDocumentLocks } from './auth/document-locks'
import { hideApiKeyOnFirstUser, withFirstUserNote } from './auth/first-user-form'
import { withPasswordResetMail } from './auth/password-reset-mail'
import { quietClientErrors } from './auth/quiet-client-errors'
import { withAuditLog, withGlobalAuditLog } from './audit/hooks'
import { auditFailedLogin } from './audit/sign-ins'
import { AuditLog } from './collections/AuditLog'
import { Incidents } from './collections/Incidents'
import { IntegrationEvents } from './collections/IntegrationEvents'
import { IncidentTemplates } from './collections/IncidentTemplates'
import { Integrations } from './collections/Integrations'
import { Maintenances } from './collections/Maintenances'
import { MaintenanceTemplates } from './collections/MaintenanceTemplates'
import { AccessLinks } from './collections/AccessLinks'
import { Pages } from './collections/Pages'
import { Media } from './collections/Media'
import { MetricPoints } from './collections/MetricPoints'
import { Metrics } from './collections/Metrics'
import { NotificationDeliveries } from './collections/NotificationDeliveries'
import { Notifications } from './collections/Notifications'
import { ServiceGroups } from './collections/ServiceGroups'
import { Services } from './collections/Services'
import { ServiceStatusChanges } from './collections/ServiceStatusChanges'
import { Subscribers } from './collections/Subscribers'
import { Users } from './collections/Users'
import { databaseAdapter } from './config/database'
import { DEFAULT_LOCALE, LOCALES } from './domain/locales'
import { closeDatabase } from './db/close'
import { queueSqliteUpdates } from './db/sqlite-write-queue'
import { env } from './config/env'
import { ensureFirstAdmin } from './config/first-admin'
import { announceSetupCode } from './auth/setup-code'
import { resolvePayloadSecret } from './config/secret'
import { demoConfig } from './demo/config'
import { startDemoMode } from './demo/schedule'
import { DemoState } from './globals/DemoState'
import { EmailSettings } from './globals/EmailSettings'
import { Settings } from './globals/Settings'
import { SmsSettings } from './globals/SmsSettings'
import { withGlobalGuards, withRequestGuards } from './cms-api/request-guards'
import { withPrivateFields } from './access/private-fields'
import { withAdminTranslations } from './i18n/admin-labels'
import { adminTranslations } from './i18n/admin-translations'
import { jobs, startMaintenanceTicker } from './jobs'
import { startMetricsTicker } from './jobs/metrics-ticker'
import { startScheduleTicker } from './jobs/schedule-ticker'
import { closeEmailPool } from './notify/email'
import { startNotificationRunner } from './notify/runner'
import { onShutdown } from './runtime/shutdown'
import { smtpEmailAdapter } from './notify/payload-email'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const { adapter, migrations } = databaseAdapter()

/** The config as written here, before its admin texts are translated (src/i18n/admin-labels.ts) and it is built. */
export const untranslatedConfig: Config = {
  secret: resolvePayloadSecret(),
  serverURL: env().PUBLIC_URL ?? '',
  admin: {
    user: Users.slug,
    importMap: { baseDir: dirname },
    meta: { titleSuffix: ' · Status page admin' },
    // Payload's default asks gravatar.com for a hash of every admin's e-mail address: nothing leaves the site.
    avatar: 'default',
    // Wraps every admin page: the demo banner (renders nothing unless demo mode is on).
    // The dashboard says what is not configured, what to do first and the current status; the navigation links
    // to the public site.
    components: {
      providers: ['/components/DemoBanner#DemoBanner'],
      beforeDashboard: ['/components/OperatorDashboard#OperatorDashboard'],
      afterNavLinks: ['/components/ViewSiteLink#ViewSiteLink'],
      // Under the login form: single sign-on when set up, and sign-in with the second factor's code (and the
      // enrolment a role requires).
      afterLogin: ['/components/OperatorSsoLink#OperatorSsoLink', '/components/SecondFactorSignIn#SecondFactorSignIn'],
    },
  },
  collections: [
    ServiceGroups,
    Services,
    ServiceStatusChanges,
    Incidents,
    Maintenances,
    IncidentTemplates,
    MaintenanceTemplates,
    Subscribers,
    Notifications,
    NotificationDeliveries,
    Integrations,
    IntegrationEvents,
    withPasswordResetMail(withFirstUserNote(Users)),
    Media,
    Pages,
    AccessLinks,
    Metrics,
    MetricPoints,
    AuditLog,
  ]
    .map(withPrivateFields)
    // Every write of every collection and global leaves an audit entry, a collection added later included.
    .map(withAuditLog)
    .map(withRequestGuards),
  globals: [Settings, EmailSettings, SmsSettings, DemoState].map(withGlobalAuditLog).map(withGlobalGuards),
  editor: lexicalEditor(),
  // Password resets leave through the notifications' SMTP transport (SMTP_URL or the E-mail settings).
  email: smtpEmailAdapter,
  // The admin in the operator's language (docs/languages.md, "The admin"): Payload's own translations of the languages
  // the public pages speak, chosen from the browser's language or the account's setting; the texts of our own
  // components beside Payload's, from our catalogues (src/i18n/admin-translations.ts).
  i18n: {
    fallbackLanguage: 'en',
    supportedLanguages: { en, de, fr, es, pt, ja, ar },
    translations: adminTranslations(),
  },
  // Content in several languages (docs/languages.md, "Content"): titles, messages, names and descriptions are written
  // per language with the admin's locale switcher; the default language's is required, the others may follow later.
  localization: { locales: [...LOCALES], defaultLocale: DEFAULT_LOCALE, fallback: true },
  db: adapter,
  hooks: { afterError: [keepRefusalMessages, unauthenticatedAs401, auditFailedLogin] },
  jobs,
  graphQL: { disablePlaygroundInProduction: true, validationRules: graphqlValidationRules },
  telemetry: false,
  // Payload's own pretty output, with expected 4xx refusals as one line instead of a stack trace.
  logger: { options: { hooks: { logMethod: quietClientErrors } }, destination: defaultLoggerOptions },
  // The types are made by `npx payload generate:types` when a schema changes (docs/architecture.md, "How to add…"),
  // not by a second process that every start outside production would spawn to rewrite the committed file.
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  onInit: async (payload) => {
    // Before anything queries: a request during which the database failed is answered 503.
    watchDatabaseFailures(payload)
    // SQLite: one update of a document at a time (its per-language rows are rewritten by several statements).
    queueSqliteUpdates(payload)
    // The way out (server.ts on SIGTERM, src/runtime/shutdown.ts): after the last request, the pools close.
    onShutdown('database', () => closeDatabase(payload))
    onShutdown('mail', closeEmailPool)
    // The migrate CLI brings its own runner; everywhere else the schema is brought up to date before serving.
    if (env().PAYLOAD_MIGRATING) return
    await payload.db.migrate({ migrations })
    await ensureFirstAdmin(payload)
    // Time moves maintenances: a job every second or so (MAINTENANCE_TICK_MS, 0 turns it off).
    startMaintenanceTicker(payload)
    // Notifications and confirmations leave through the jobs queue (NOTIFY_TICK_MS, 0 turns it off). Not in demo
    // mode: every visitor is an administrator there, and could make the server mail anyone, or call any address
    // typed into the SMS settings.
    const demo = demoConfig()
    if (!demo.enabled) {
      // The demo signs every visitor in as its administrator: no first-user screen to guard there.
      await announceSetupCode(payload)
      startNotificationRunner(payload)
      // Scheduled publishing, and reminders before maintenances and about quiet incidents (SCHEDULE_TICK_MS, 0 turns it off).
      startScheduleTicker(payload)
      // Prometheus queries of metrics, and old points removed (METRICS_TICK_MS, 0 turns it off).
      startMetricsTicker(payload)
    }
    // DEMO_MODE=true: reseed now, then every DEMO_RESET_INTERVAL_MINUTES.
    await startDemoMode(payload, demo)
  },
}

// The labels and descriptions written above, in the admin's language (docs/languages.md, "The admin").
export default buildConfig(withAdminTranslations(untranslatedConfig))
  .then(restrictDocumentLocks)
  .then(hideApiKeyOnFirstUser)
