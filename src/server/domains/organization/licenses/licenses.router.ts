import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
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
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as licenses from './licenses.service.ts';

export const licensesRouter = router({
  list: authedProcedure
    .input(ZListLicensesInput.prefault({}))
    .output(ZLicenseList)
    .query(({ ctx, input }) => licenses.listLicenses(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZLicense)
    .query(({ ctx, input }) => licenses.getLicense(ctx, input)),
  /** The license in force and the seats used (the caller's customer; superadmin names one). */
  current: authedProcedure
    .input(ZCurrentLicenseInput.prefault({}))
    .output(ZCurrentLicense)
    .query(({ ctx, input }) => licenses.currentLicense(ctx, input)),
  create: authedProcedure
    .input(ZCreateLicenseInput)
    .output(ZLicense)
    .mutation(({ ctx, input }) => licenses.createLicense(ctx, input)),
  update: authedProcedure
    .input(ZUpdateLicenseInput)
    .output(ZLicense)
    .mutation(({ ctx, input }) => licenses.updateLicense(ctx, input)),
  revoke: authedProcedure
    .input(ZRevokeLicenseInput)
    .output(ZLicense)
    .mutation(({ ctx, input }) => licenses.revokeLicense(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => licenses.deleteLicense(ctx, input)),
});
