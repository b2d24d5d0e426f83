import {
  ZCreateLicenseInput,
  ZCurrentLicense,
  ZCurrentLicenseInput,
  ZLicense,
  ZLicenseList,
  ZListLicensesInput,
  ZRevokeLicenseInput,
  ZUpdateLicenseInput,
} from '../../../../shared/schemas/licenses.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
// Importing the service registers the license sign-in policy (no active license: admins only).
import * as licenses from './licenses.service.ts';

const p = recordProcedures(ZLicense);

export const licensesRouter = router({
  list: p.list(ZListLicensesInput, ZLicenseList, licenses.listLicenses),
  byId: p.byId(licenses.getLicense),
  /** The license in force and the seats used (the caller's customer; superadmin names one). */
  current: p.query(ZCurrentLicenseInput.prefault({}), ZCurrentLicense, licenses.currentLicense),
  create: p.mutation(ZCreateLicenseInput, licenses.createLicense),
  update: p.mutation(ZUpdateLicenseInput, licenses.updateLicense),
  revoke: p.mutation(ZRevokeLicenseInput, licenses.revokeLicense),
  delete: p.delete(licenses.deleteLicense),
});
