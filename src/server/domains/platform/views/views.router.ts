import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateSavedViewInput,
  ZListSavedViewsInput,
  ZSavedView,
  ZSavedViewList,
  ZUpdateSavedViewInput,
} from '../../../../shared/schemas/views.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as views from './views.service.ts';

export const viewsRouter = router({
  list: authedProcedure
    .input(ZListSavedViewsInput)
    .output(ZSavedViewList)
    .query(({ ctx, input }) => views.listViews(ctx, input)),
  create: authedProcedure
    .input(ZCreateSavedViewInput)
    .output(ZSavedView)
    .mutation(({ ctx, input }) => views.createView(ctx, input)),
  update: authedProcedure
    .input(ZUpdateSavedViewInput)
    .output(ZSavedView)
    .mutation(({ ctx, input }) => views.updateView(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => views.deleteView(ctx, input)),
});
