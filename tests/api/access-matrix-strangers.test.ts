/**
 * What a request without a valid session or key may do through the CMS REST API: no key, made-up and malformed keys
 * and tokens, a real key in the wrong form, a forged session (tests/helpers/access-matrix.ts).
 */
import { describeMatrix, principals, useMatrixUsers } from '../helpers/access-matrix'

useMatrixUsers()
describeMatrix(principals.filter((principal) => principal.kind === 'stranger'))
