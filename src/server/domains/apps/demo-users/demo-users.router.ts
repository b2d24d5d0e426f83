// tRPC: apps.users.{list,byId,create,delete,stats,update} over the same services as REST.
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateDemoUserInput,
  ZDemoUser,
  ZDemoUserDetail,
  ZDemoUserList,
  ZDemoUserStats,
  ZListDemoUsersInput,
  ZUpdateDemoUserInput,
} from '../../../../shared/schemas/demo-users.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import {
  createDemoUser,
  deleteDemoUser,
  demoUserStats,
  getDemoUser,
  listDemoUsers,
  updateDemoUser,
} from './demo-users.service.ts';

export const demoUsersRouter = router({
  list: listQuery(ZListDemoUsersInput, ZDemoUserList, listDemoUsers),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZDemoUserDetail)
    .query(({ ctx, input }) => getDemoUser(ctx, input)),
  create: authedProcedure
    .input(ZCreateDemoUserInput)
    .output(ZDemoUser)
    .mutation(({ ctx, input }) => createDemoUser(ctx, input)),
  delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => deleteDemoUser(ctx, input)),
  stats: authedProcedure.output(ZDemoUserStats).query(({ ctx }) => demoUserStats(ctx)),
  update: authedProcedure
    .input(ZUpdateDemoUserInput)
    .output(ZDemoUserDetail)
    .mutation(({ ctx, input }) => updateDemoUser(ctx, input)),
});
