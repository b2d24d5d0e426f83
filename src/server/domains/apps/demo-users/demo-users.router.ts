// tRPC: apps.users.{list,byId,create,delete,stats,update} over the same services as REST.
import { z } from 'zod';
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
import { demoUserStats, getDemoUser, listDemoUsers } from './demo-users.listing.ts';
import { createDemoUser, deleteDemoUser, updateDemoUser } from './demo-users.service.ts';

export const demoUsersRouter = router({
  list: authedProcedure
    .input(ZListDemoUsersInput.prefault({}))
    .output(ZDemoUserList)
    .query(({ ctx, input }) => listDemoUsers(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZDemoUserDetail)
    .query(({ ctx, input }) => getDemoUser(ctx, input)),
  create: authedProcedure
    .input(ZCreateDemoUserInput)
    .output(ZDemoUser)
    .mutation(({ ctx, input }) => createDemoUser(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteDemoUser(ctx, input)),
  stats: authedProcedure.output(ZDemoUserStats).query(({ ctx }) => demoUserStats(ctx)),
  update: authedProcedure
    .input(ZUpdateDemoUserInput)
    .output(ZDemoUserDetail)
    .mutation(({ ctx, input }) => updateDemoUser(ctx, input)),
});
