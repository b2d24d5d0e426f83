import {
  ZCreateSavedViewInput,
  ZListSavedViewsInput,
  ZSavedView,
  ZSavedViewList,
  ZUpdateSavedViewInput,
} from '../../../../shared/schemas/views.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as views from './views.service.ts';

const p = recordProcedures(ZSavedView);

export const viewsRouter = router({
  list: p.query(ZListSavedViewsInput, ZSavedViewList, views.listViews),
  create: p.mutation(ZCreateSavedViewInput, views.createView),
  update: p.mutation(ZUpdateSavedViewInput, views.updateView),
  delete: p.delete(views.deleteView),
});
