// tRPC: apps.users.{list,byId,create,delete} over the same services as REST.
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateDemoUserInput,
  ZDemoUser,
  ZDemoUserDetail,
  ZDemoUserList,
  ZListDemoUsersInput,
} from '../../../../shared/schemas/demo-users.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { demoListQuery } from '../../../trpc/procedures.ts';
import { createDemoUser, deleteDemoUser, getDemoUser, listDemoUsers } from './demo-users.service.ts';

const read = abilityProcedure('read', 'DemoApp');
const manage = abilityProcedure('manage', 'DemoApp');

export const demoUsersRouter = router({
  list: demoListQuery(ZListDemoUsersInput, ZDemoUserList, listDemoUsers),
  byId: read
    .input(ZByIdInput)
    .output(ZDemoUserDetail)
    .query(({ ctx, input }) => getDemoUser(ctx, input)),
  create: manage
    .input(ZCreateDemoUserInput)
    .output(ZDemoUser)
    .mutation(({ ctx, input }) => createDemoUser(ctx, input)),
  delete: manage.input(ZByIdInput).mutation(({ ctx, input }) => deleteDemoUser(ctx, input)),
});
