import {
  ZCreateClassInput,
  ZListClassesInput,
  ZLocationClass,
  ZLocationClassList,
  ZUpdateClassInput,
} from '../../../../shared/schemas/classes.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as classes from './location-classes.service.ts';

const p = recordProcedures(ZLocationClass);

export const classesRouter = router({
  list: p.list(ZListClassesInput, ZLocationClassList, classes.listClasses),
  byId: p.byId(classes.getClass),
  create: p.mutation(ZCreateClassInput, classes.createClass),
  update: p.mutation(ZUpdateClassInput, classes.updateClass),
  archive: p.byIdMutation(classes.archiveClass),
  restore: p.byIdMutation(classes.restoreClass),
  delete: p.delete(classes.deleteClass),
});
