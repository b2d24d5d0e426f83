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

const p = recordProcedures('Class', ZLocationClass);

export const classesRouter = router({
  list: p.list(ZListClassesInput, ZLocationClassList, classes.listClasses),
  byId: p.byId(classes.getClass),
  create: p.mutation('create', ZCreateClassInput, classes.createClass),
  update: p.mutation('update', ZUpdateClassInput, classes.updateClass),
  archive: p.byIdMutation('update', classes.archiveClass),
  restore: p.byIdMutation('update', classes.restoreClass),
  delete: p.delete(classes.deleteClass),
});
