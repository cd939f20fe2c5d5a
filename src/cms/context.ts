/**
 * The flags server code sets on a write's `req.context` and Payload hooks read, declared once on Payload's own
 * `RequestContext`, so `req.context.skipNotifications` is typed wherever it is read or set. Only server code
 * sets them (the Local API); nothing a client sends reaches `req.context`.
 */
import 'payload'

import type { AuditActorType } from '@/domain/audit'
import type { ServiceStatus } from '@/domain/statuses'
import type { StatusChangeOrigin } from '@/services/service-status/change'

declare module 'payload' {
  export interface RequestContext {
    /** Writes that tell subscribers nothing: seed data, the demo reset (src/notify/events.ts). */
    skipNotifications?: boolean
    /** The demo reset's writes: the demo user's guard lets them through (src/demo/protect-demo-user.ts). */
    demoReset?: boolean
    /** A write that may empty a write-only credential, the demo reset's (src/fields/secret.ts). */
    clearSecrets?: boolean
    /** A read that sees write-only credentials: the mailer and the SMS client (src/fields/secret.ts). */
    revealSecrets?: boolean
    /**
     * The monitoring use case's own incident writes (src/services/incidents/apply-monitoring-event.ts): their
     * notifications settle, they keep the incident quiet and may drop automated updates.
     */
    integrationWrite?: boolean
    /**
     * The only write that may give a subscriber a new confirmation token, and a returning webhook a new signing
     * secret (src/services/subscribers/).
     */
    rotateConfirmationToken?: boolean
    /** The only write that may replace a webhook's signing secret (src/notify/signing-secret-endpoint.ts). */
    replaceSigningSecret?: boolean
    /** Where a service's status change comes from, for its history row: changeServiceStatuses sets it for its write. */
    serviceStatusOrigin?: StatusChangeOrigin
    /** Each service's status as the write that sets it read it under the service's lock (service-status/change.ts). */
    statusBefore?: Record<number, ServiceStatus>
    /** Seeds that write a service's history themselves set this: the history hook then writes no row. */
    skipStatusHistory?: boolean
    /**
     * A value made in beforeChange and shown once by afterChange of the same write: an integration's new token
     * (collections/Integrations/hooks), a webhook subscriber's new signing secret (collections/Subscribers/hooks).
     */
    integrationNewToken?: string
    subscriberNewSigningSecret?: string
    /**
     * Who writes, for the audit log, when no user does (src/audit/actor.ts): a monitoring integration by name, a job
     * of the server by name, and the address the request came from when the writer is not the request's own.
     */
    auditActor?: { type: Extract<AuditActorType, 'integration' | 'job'>; name: string; address?: string }
    /** A login under way (src/audit/sign-ins.ts): recorded as failed when it ends in an error. */
    auditLoginAttempt?: { collection: string; email: string }
  }
}
