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

const p = recordProcedures('Direction', ZDirection);

export const directionsRouter = router({
  list: p.list(ZListDirectionsInput, ZDirectionList, directions.listDirections),
  byId: p.byId(directions.getDirection),
  create: p.mutation('create', ZCreateDirectionInput, directions.createDirection),
  update: p.mutation('update', ZUpdateDirectionInput, directions.updateDirection),
  archive: p.byIdMutation('update', directions.archiveDirection),
  restore: p.byIdMutation('update', directions.restoreDirection),
  delete: p.delete(directions.deleteDirection),
});
