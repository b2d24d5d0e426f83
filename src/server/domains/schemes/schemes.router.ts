import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateSchemeInput,
  ZListSchemesInput,
  ZSchemeDetail,
  ZSchemeList,
  ZUpdateSchemeInput,
} from '../../../shared/schemas/schemes.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as schemes from './schemes.service.ts';

export const schemesRouter = router({
  list: abilityProcedure('read', 'Scheme')
    .input(ZListSchemesInput.prefault({}))
    .output(ZSchemeList)
    .query(({ ctx, input }) => schemes.listSchemes(ctx, input)),
  byId: abilityProcedure('read', 'Scheme')
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .query(({ ctx, input }) => schemes.getScheme(ctx, input.id)),
  create: abilityProcedure('create', 'Scheme')
    .input(ZCreateSchemeInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.createScheme(ctx, input)),
  /** Returns the edited draft, or the new draft version when a published one was edited. */
  update: abilityProcedure('update', 'Scheme')
    .input(ZUpdateSchemeInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.updateScheme(ctx, input)),
  publish: abilityProcedure('update', 'Scheme')
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.publishScheme(ctx, input.id)),
  archive: abilityProcedure('update', 'Scheme')
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.archiveScheme(ctx, input.id)),
  restore: abilityProcedure('update', 'Scheme')
    .input(ZByIdInput)
    .output(ZSchemeDetail)
    .mutation(({ ctx, input }) => schemes.restoreScheme(ctx, input.id)),
  delete: abilityProcedure('delete', 'Scheme')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => schemes.deleteScheme(ctx, input.id)),
});
