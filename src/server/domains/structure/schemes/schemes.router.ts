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

const p = recordProcedures('Scheme', ZSchemeDetail);

export const schemesRouter = router({
  list: p.list(ZListSchemesInput, ZSchemeList, schemes.listSchemes),
  byId: p.byId(schemes.getScheme),
  create: p.mutation('create', ZCreateSchemeInput, schemes.createScheme),
  /** Returns the edited draft, or the new draft version when a published one was edited. */
  update: p.mutation('update', ZUpdateSchemeInput, schemes.updateScheme),
  publish: p.byIdMutation('update', schemes.publishScheme),
  archive: p.byIdMutation('update', schemes.archiveScheme),
  restore: p.byIdMutation('update', schemes.restoreScheme),
  delete: p.delete(schemes.deleteScheme),
});
