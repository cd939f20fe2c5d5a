/** What an integration did with a notification, as its events log records it. */
export const INTEGRATION_EVENT_OUTCOMES = [
  'opened',
  'updated',
  'resolved',
  'closed',
  'duplicate',
  'resolved-by-person',
  'nothing-open',
  'no-service',
  'test',
  'ignored',
  'bad-payload',
] as const
export type IntegrationEventOutcome = (typeof INTEGRATION_EVENT_OUTCOMES)[number]
