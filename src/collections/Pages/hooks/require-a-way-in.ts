import { type CollectionBeforeValidateHook, ValidationError } from 'payload'

/** A private page lets nobody in without a password or a network: refused, naming where to add one. */
export const requireAWayIn: CollectionBeforeValidateHook = ({ data, originalDoc }) => {
  const access = (data?.access ?? originalDoc?.access) as
    { mode?: unknown; passwords?: unknown[] | null; networks?: unknown[] | null } | undefined
  if (access?.mode !== 'private') return data
  if ((access.passwords?.length ?? 0) + (access.networks?.length ?? 0) > 0) return data
  throw new ValidationError({
    collection: 'pages',
    errors: [{ path: 'access.passwords', message: 'a private page needs a password or a network to let readers in' }],
  })
}
