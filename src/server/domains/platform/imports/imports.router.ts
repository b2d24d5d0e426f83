import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZImport,
  ZImportList,
  ZImportPreview,
  ZListImportsInput,
  ZPreviewImportInput,
  ZRunImportInput,
} from '../../../../shared/schemas/imports.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { getImport, listImports, previewImport, runImport } from './imports.service.ts';

export const importsRouter = router({
  preview: authedProcedure
    .input(ZPreviewImportInput)
    .output(ZImportPreview)
    .mutation(({ ctx, input }) => previewImport(ctx, input)),
  run: authedProcedure
    .input(ZRunImportInput)
    .output(ZImport)
    .mutation(({ ctx, input }) => runImport(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZImport)
    .query(({ ctx, input }) => getImport(ctx, input)),
  list: authedProcedure
    .input(ZListImportsInput.prefault({}))
    .output(ZImportList)
    .query(({ ctx, input }) => listImports(ctx, input)),
});
