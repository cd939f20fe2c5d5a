import config from '@payload-config'
import { getPayload } from 'payload'

import { overallStatus } from '../../domain/overall-status'
import { SERVICE_STATUS_LABELS, type ServiceStatus } from '../../domain/statuses'

export const dynamic = 'force-dynamic'

/** A minimal public page until the full status site lands: the overall status in words, and the services. */
export default async function Home() {
  const payload = await getPayload({ config })
  const [settings, services] = await Promise.all([
    payload.findGlobal({ slug: 'settings', depth: 0 }),
    payload.find({ collection: 'services', depth: 0, limit: 0, sort: 'displayOrder', select: { name: true, status: true } }),
  ])
  const status = overallStatus(services.docs.map((s) => s.status as ServiceStatus), Boolean(settings.maintenanceMode))
  return (
    <main>
      <h1>{settings.siteName}</h1>
      <p>{settings.statusMessage || SERVICE_STATUS_LABELS[status]}</p>
      <ul>
        {services.docs.map((service) => (
          <li key={service.id}>
            {service.name}: {SERVICE_STATUS_LABELS[service.status as ServiceStatus]}
          </li>
        ))}
      </ul>
    </main>
  )
}
