/** Names on Payload's jobs queue for subscriptions and notifications (src/notify/runner.ts runs this queue). */
export const NOTIFICATION_QUEUE = 'notifications'
export const DELIVER_NOTIFICATION_TASK = 'deliverNotification'
export const SEND_CONFIRMATION_TASK = 'sendConfirmation'
