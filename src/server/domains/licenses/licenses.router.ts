import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateLicenseInput,
  ZCurrentLicense,
  ZCurrentLicenseInput,
  ZLicense,
  ZLicenseList,
  ZListLicensesInput,
  ZRevokeLicenseInput,
  ZUpdateLicenseInput,
} from '../../../shared/schemas/licenses.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
// Importing the service registers the license sign-in policy (no active license: admins only).
import * as licenses from './licenses.service.ts';

export const licensesRouter = router({
  list: abilityProcedure('read', 'License')
    .input(ZListLicensesInput.prefault({}))
    .output(ZLicenseList)
    .query(({ ctx, input }) => licenses.listLicenses(ctx, input)),
  byId: abilityProcedure('read', 'License')
    .input(ZByIdInput)
    .output(ZLicense)
    .query(({ ctx, input }) => licenses.getLicense(ctx, input.id)),
  /** The license in force and the seats used (the caller's customer; superadmin names one). */
  current: abilityProcedure('read', 'License')
    .input(ZCurrentLicenseInput.prefault({}))
    .output(ZCurrentLicense)
    .query(({ ctx, input }) => licenses.currentLicense(ctx, input)),
  create: abilityProcedure('create', 'License')
    .input(ZCreateLicenseInput)
    .output(ZLicense)
    .mutation(({ ctx, input }) => licenses.createLicense(ctx, input)),
  update: abilityProcedure('update', 'License')
    .input(ZUpdateLicenseInput)
    .output(ZLicense)
    .mutation(({ ctx, input }) => licenses.updateLicense(ctx, input)),
  revoke: abilityProcedure('update', 'License')
    .input(ZRevokeLicenseInput)
    .output(ZLicense)
    .mutation(({ ctx, input }) => licenses.revokeLicense(ctx, input)),
  delete: abilityProcedure('delete', 'License')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => licenses.deleteLicense(ctx, input.id)),
});
