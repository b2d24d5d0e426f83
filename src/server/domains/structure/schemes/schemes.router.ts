import {
  ZCreateSchemeInput,
  ZListSchemesInput,
  ZSchemeDetail,
  ZSchemeList,
  ZUpdateSchemeInput,
} from '../../../../shared/schemas/schemes.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as schemes from './schemes.service.ts';

const p = recordProcedures(ZSchemeDetail);

export const schemesRouter = router({
  list: p.list(ZListSchemesInput, ZSchemeList, schemes.listSchemes),
  byId: p.byId(schemes.getScheme),
  create: p.mutation(ZCreateSchemeInput, schemes.createScheme),
  /** Returns the edited draft, or the new draft version when a published one was edited. */
  update: p.mutation(ZUpdateSchemeInput, schemes.updateScheme),
  publish: p.byIdMutation(schemes.publishScheme),
  archive: p.byIdMutation(schemes.archiveScheme),
  restore: p.byIdMutation(schemes.restoreScheme),
  delete: p.delete(schemes.deleteScheme),
});
