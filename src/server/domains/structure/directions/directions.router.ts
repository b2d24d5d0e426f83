import {
  ZCreateDirectionInput,
  ZDirection,
  ZDirectionList,
  ZListDirectionsInput,
  ZUpdateDirectionInput,
} from '../../../../shared/schemas/directions.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as directions from './directions.service.ts';

const p = recordProcedures(ZDirection);

export const directionsRouter = router({
  list: p.list(ZListDirectionsInput, ZDirectionList, directions.listDirections),
  byId: p.byId(directions.getDirection),
  create: p.mutation(ZCreateDirectionInput, directions.createDirection),
  update: p.mutation(ZUpdateDirectionInput, directions.updateDirection),
  archive: p.byIdMutation(directions.archiveDirection),
  restore: p.byIdMutation(directions.restoreDirection),
  delete: p.delete(directions.deleteDirection),
});
