import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateSchemeInput,
  ZListSchemesInput,
  ZSchemeDetail,
  ZSchemeList,
  ZUpdateSchemeInput,
} from '../../../../shared/schemas/schemes.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as schemes from './schemes.service.ts';

export const schemesRouter = router({
  list: authedProcedure
    .input(ZListSchemesInput.prefault({}))
    .output(ZSchemeList)
    .query(({ ctx, input }) => schemes.listSchemes(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .query(({ ctx, input }) => schemes.getScheme(ctx, input)),
  create: authedProcedure
    .input(ZCreateSchemeInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.createScheme(ctx, input)),
  /** Returns the edited draft, or the new draft version when a published one was edited. */
  update: authedProcedure
    .input(ZUpdateSchemeInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.updateScheme(ctx, input)),
  publish: authedProcedure
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.publishScheme(ctx, input)),
  archive: authedProcedure
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.archiveScheme(ctx, input)),
  restore: authedProcedure
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.restoreScheme(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => schemes.deleteScheme(ctx, input)),
});
