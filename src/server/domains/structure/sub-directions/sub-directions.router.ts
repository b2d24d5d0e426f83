import {
  ZCreateSubDirectionInput,
  ZListSubDirectionsInput,
  ZSubDirection,
  ZSubDirectionList,
  ZUpdateSubDirectionInput,
} from '../../../../shared/schemas/sub-directions.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as subDirections from './sub-directions.service.ts';

const p = recordProcedures(ZSubDirection);

export const subDirectionsRouter = router({
  list: p.list(ZListSubDirectionsInput, ZSubDirectionList, subDirections.listSubDirections),
  byId: p.byId(subDirections.getSubDirection),
  create: p.mutation(ZCreateSubDirectionInput, subDirections.createSubDirection),
  update: p.mutation(ZUpdateSubDirectionInput, subDirections.updateSubDirection),
  archive: p.byIdMutation(subDirections.archiveSubDirection),
  restore: p.byIdMutation(subDirections.restoreSubDirection),
  delete: p.delete(subDirections.deleteSubDirection),
});
