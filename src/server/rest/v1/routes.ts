// The /api/v1 route table: every operation of the business API, over the same service functions and
// zod schemas as the tRPC procedures of the same names. The plugin registers these, the OpenAPI document
// lists them, and v1 tests iterate them (a route without a tenant/role case fails its test).
import type { z } from 'zod';
import type { Subject } from '../../../shared/abilities/index.ts';
import {
  ZAssignment,
  ZAssignmentList,
  ZCreateAssignmentInput,
  ZListAssignmentsInput,
  ZUpdateAssignmentInput,
} from '../../../shared/schemas/assignments.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateClassInput,
  ZListClassesInput,
  ZLocationClass,
  ZLocationClassList,
  ZUpdateClassInput,
} from '../../../shared/schemas/classes.ts';
import { ZByIdInput } from '../../../shared/schemas/common.ts';
import {
  ZCancelCorrectiveActionInput,
  ZCompleteCorrectiveActionInput,
  ZCorrectiveAction,
  ZCorrectiveActionList,
  ZListCorrectiveActionsInput,
  ZUpdateCorrectiveActionInput,
  ZVerifyCorrectiveActionInput,
} from '../../../shared/schemas/corrective-actions.ts';
import {
  ZCreateDirectionInput,
  ZDirection,
  ZDirectionList,
  ZListDirectionsInput,
  ZUpdateDirectionInput,
} from '../../../shared/schemas/directions.ts';
import { ZFile, ZFileList, ZListFilesInput } from '../../../shared/schemas/files.ts';
import {
  ZCreateLocationInput,
  ZListLocationsInput,
  ZLocationDetail,
  ZLocationList,
  ZUpdateLocationInput,
} from '../../../shared/schemas/locations.ts';
import {
  ZCreateProjectInput,
  ZListProjectsInput,
  ZProject,
  ZProjectList,
  ZProjectTransitionInput,
  ZUpdateProjectInput,
} from '../../../shared/schemas/projects.ts';
import { ZReportExportInput, ZReportResult } from '../../../shared/schemas/reports.ts';
import { ZListSchemesInput, ZSchemeDetail, ZSchemeList } from '../../../shared/schemas/schemes.ts';
import {
  ZCreateSlotInput,
  ZListSlotsInput,
  ZSlot,
  ZSlotList,
  ZUpdateSlotInput,
} from '../../../shared/schemas/slots.ts';
import {
  ZCreateSubDirectionInput,
  ZListSubDirectionsInput,
  ZSubDirection,
  ZSubDirectionList,
  ZUpdateSubDirectionInput,
} from '../../../shared/schemas/sub-directions.ts';
import {
  ZApproveTaskInput,
  ZCancelTaskInput,
  ZListTasksInput,
  ZRejectTaskInput,
  ZResumeTaskInput,
  ZTaskDetail,
  ZTaskList,
} from '../../../shared/schemas/tasks.ts';
import {
  ZCreateTeamInput,
  ZListTeamsInput,
  ZTeamDetail,
  ZTeamList,
  ZUpdateTeamInput,
} from '../../../shared/schemas/teams.ts';
import { ZCreateUserInput, ZListUsersInput, ZUserDetail, ZUserList } from '../../../shared/schemas/users.ts';
import * as teams from '../../domains/organization/teams/teams.service.ts';
import * as users from '../../domains/organization/users/users.service.ts';
import * as directions from '../../domains/structure/directions/directions.service.ts';
import * as classes from '../../domains/structure/location-classes/location-classes.service.ts';
import * as locations from '../../domains/structure/locations/locations.service.ts';
import * as schemes from '../../domains/structure/schemes/schemes.service.ts';
import * as subDirections from '../../domains/structure/sub-directions/sub-directions.service.ts';
import * as assignments from '../../domains/workflow/assignments/assignments.service.ts';
import * as actions from '../../domains/workflow/corrective-actions/corrective-actions.service.ts';
import * as files from '../../domains/workflow/files/files.service.ts';
import * as projects from '../../domains/workflow/projects/projects.service.ts';
import * as reports from '../../domains/workflow/reports/reports.service.ts';
import * as slots from '../../domains/workflow/slots/slots.service.ts';
import * as tasks from '../../domains/workflow/tasks/tasks.service.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { route, type V1Route } from './route.ts';

type Run<I extends z.ZodType, O extends z.ZodType> = (ctx: AuthedContext, input: z.output<I>) => Promise<z.input<O>>;

/** The usual operations of a record kind, each only when given: list, read one, create, update, delete. */
function resource<
  L extends z.ZodType,
  LO extends z.ZodType,
  D extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(def: {
  path: string;
  tag: string;
  subject: Subject;
  /** `byId`-style operation names are `<noun>`, lists `<nouns>`: `listLocations`, `getLocation`. */
  noun: string;
  plural: string;
  detail: D;
  list?: { input: L; output: LO; run: Run<L, LO> };
  get?: Run<typeof ZByIdInput, D>;
  create?: { input: C; run: Run<C, D> };
  update?: { input: U; run: Run<U, D> };
  remove?: Run<typeof ZByIdInput, typeof ZDeleted>;
}): V1Route[] {
  const { path, tag, subject, noun, plural } = def;
  const out: V1Route[] = [];
  if (def.list) {
    out.push(
      route({
        method: 'GET',
        url: `/${path}`,
        operationId: `list${plural}`,
        summary: `List ${plural.toLowerCase()}`,
        tag,
        can: ['read', subject],
        ...def.list,
      }),
    );
  }
  if (def.get) {
    out.push(
      route({
        method: 'GET',
        url: `/${path}/:id`,
        operationId: `get${noun}`,
        summary: `Read one ${noun.toLowerCase()}`,
        tag,
        can: ['read', subject],
        byId: true,
        input: ZByIdInput,
        output: def.detail,
        run: def.get,
      }),
    );
  }
  if (def.create) {
    out.push(
      route({
        method: 'POST',
        url: `/${path}`,
        operationId: `create${noun}`,
        summary: `Create a ${noun.toLowerCase()}`,
        tag,
        can: ['create', subject],
        input: def.create.input,
        output: def.detail,
        run: def.create.run,
      }),
    );
  }
  if (def.update) {
    out.push(
      route({
        method: 'PATCH',
        url: `/${path}/:id`,
        operationId: `update${noun}`,
        summary: `Change a ${noun.toLowerCase()} (send the version you read)`,
        tag,
        can: ['update', subject],
        byId: true,
        versioned: true,
        input: def.update.input,
        output: def.detail,
        run: def.update.run,
      }),
    );
  }
  if (def.remove) {
    out.push(
      route({
        method: 'DELETE',
        url: `/${path}/:id`,
        operationId: `delete${noun}`,
        summary: `Delete a ${noun.toLowerCase()}`,
        tag,
        can: ['delete', subject],
        byId: true,
        input: ZByIdInput,
        output: ZDeleted,
        run: def.remove,
      }),
    );
  }
  return out;
}

/** A transition of one record: `POST /<path>/:id/<name>` with the service's input. */
function transition<I extends z.ZodType, O extends z.ZodType>(def: {
  path: string;
  name: string;
  operationId: string;
  summary: string;
  tag: string;
  can: V1Route['can'];
  input: I;
  output: O;
  run: Run<I, O>;
  versioned?: boolean;
}): V1Route {
  const { path, name, ...rest } = def;
  return route({ ...rest, method: 'POST', url: `/${path}/:id/${name}`, status: 200, byId: true });
}

export const V1_ROUTES: readonly V1Route[] = [
  ...resource({
    path: 'locations',
    tag: 'Locations',
    subject: 'Location',
    noun: 'Location',
    plural: 'Locations',
    detail: ZLocationDetail,
    list: { input: ZListLocationsInput, output: ZLocationList, run: locations.listLocations },
    get: locations.getLocation,
    create: { input: ZCreateLocationInput, run: locations.createLocation },
    update: { input: ZUpdateLocationInput, run: locations.updateLocation },
  }),
  ...resource({
    path: 'directions',
    tag: 'Structure',
    subject: 'Direction',
    noun: 'Direction',
    plural: 'Directions',
    detail: ZDirection,
    list: { input: ZListDirectionsInput, output: ZDirectionList, run: directions.listDirections },
    get: directions.getDirection,
    create: { input: ZCreateDirectionInput, run: directions.createDirection },
    update: { input: ZUpdateDirectionInput, run: directions.updateDirection },
  }),
  ...resource({
    path: 'sub-directions',
    tag: 'Structure',
    subject: 'SubDirection',
    noun: 'SubDirection',
    plural: 'SubDirections',
    detail: ZSubDirection,
    list: { input: ZListSubDirectionsInput, output: ZSubDirectionList, run: subDirections.listSubDirections },
    get: subDirections.getSubDirection,
    create: { input: ZCreateSubDirectionInput, run: subDirections.createSubDirection },
    update: { input: ZUpdateSubDirectionInput, run: subDirections.updateSubDirection },
  }),
  ...resource({
    path: 'classes',
    tag: 'Structure',
    subject: 'Class',
    noun: 'Class',
    plural: 'Classes',
    detail: ZLocationClass,
    list: { input: ZListClassesInput, output: ZLocationClassList, run: classes.listLocationClasses },
    get: classes.getLocationClass,
    create: { input: ZCreateClassInput, run: classes.createLocationClass },
    update: { input: ZUpdateClassInput, run: classes.updateLocationClass },
  }),
  ...resource({
    path: 'teams',
    tag: 'People',
    subject: 'Team',
    noun: 'Team',
    plural: 'Teams',
    detail: ZTeamDetail,
    list: { input: ZListTeamsInput, output: ZTeamList, run: teams.listTeams },
    get: teams.getTeam,
    create: { input: ZCreateTeamInput, run: teams.createTeam },
    update: { input: ZUpdateTeamInput, run: teams.updateTeam },
  }),
  // Users: read, and invite (without a password the service e-mails a link to choose one).
  ...resource({
    path: 'users',
    tag: 'People',
    subject: 'User',
    noun: 'User',
    plural: 'Users',
    detail: ZUserDetail,
    list: { input: ZListUsersInput, output: ZUserList, run: users.listUsers },
    get: users.getUser,
    create: { input: ZCreateUserInput, run: users.createUser },
  }),
  ...resource({
    path: 'schemes',
    tag: 'Schemes',
    subject: 'Scheme',
    noun: 'Scheme',
    plural: 'Schemes',
    detail: ZSchemeDetail,
    list: { input: ZListSchemesInput, output: ZSchemeList, run: schemes.listSchemes },
    get: schemes.getScheme,
  }),
  ...resource({
    path: 'projects',
    tag: 'Projects',
    subject: 'Project',
    noun: 'Project',
    plural: 'Projects',
    detail: ZProject,
    list: { input: ZListProjectsInput, output: ZProjectList, run: projects.listProjects },
    get: projects.getProject,
    create: { input: ZCreateProjectInput, run: projects.createProject },
    update: { input: ZUpdateProjectInput, run: projects.updateProject },
  }),
  ...(['activate', 'hold', 'complete'] as const).map((name) =>
    transition({
      path: 'projects',
      name,
      operationId: `${name}Project`,
      summary: `${name[0].toUpperCase()}${name.slice(1)} a project`,
      tag: 'Projects',
      can: ['update', 'Project'],
      input: ZProjectTransitionInput,
      output: ZProject,
      run: { activate: projects.activateProject, hold: projects.holdProject, complete: projects.completeProject }[name],
    }),
  ),
  ...resource({
    path: 'assignments',
    tag: 'Planning',
    subject: 'LocationAssignment',
    noun: 'Assignment',
    plural: 'Assignments',
    detail: ZAssignment,
    list: { input: ZListAssignmentsInput, output: ZAssignmentList, run: assignments.listAssignments },
    get: assignments.getAssignment,
    create: { input: ZCreateAssignmentInput, run: assignments.createAssignment },
    update: { input: ZUpdateAssignmentInput, run: assignments.updateAssignment },
    remove: assignments.deleteAssignment,
  }),
  ...resource({
    path: 'slots',
    tag: 'Planning',
    subject: 'Slot',
    noun: 'Slot',
    plural: 'Slots',
    detail: ZSlot,
    list: { input: ZListSlotsInput, output: ZSlotList, run: slots.listSlots },
    create: { input: ZCreateSlotInput, run: slots.createSlot },
    update: { input: ZUpdateSlotInput, run: slots.updateSlot },
    remove: slots.deleteSlot,
  }),
  ...resource({
    path: 'tasks',
    tag: 'Tasks',
    subject: 'Task',
    noun: 'Task',
    plural: 'Tasks',
    detail: ZTaskDetail,
    list: { input: ZListTasksInput, output: ZTaskList, run: tasks.listTasks },
    get: tasks.getTask,
  }),
  // The transitions a script may take: reviews and cancelling (performing a visit happens in the field).
  transition({
    path: 'tasks',
    name: 'approve',
    operationId: 'approveTask',
    summary: 'Approve a submitted task',
    tag: 'Tasks',
    can: ['review', 'Task'],
    input: ZApproveTaskInput,
    output: ZTaskDetail,
    run: tasks.approveTask,
  }),
  transition({
    path: 'tasks',
    name: 'reject',
    operationId: 'rejectTask',
    summary: 'Reject a submitted task (with a reason)',
    tag: 'Tasks',
    can: ['review', 'Task'],
    input: ZRejectTaskInput,
    output: ZTaskDetail,
    run: tasks.rejectTask,
  }),
  transition({
    path: 'tasks',
    name: 'resume',
    operationId: 'resumeTask',
    summary: 'Resume a rejected task',
    tag: 'Tasks',
    can: ['perform', 'Task'],
    input: ZResumeTaskInput,
    output: ZTaskDetail,
    run: tasks.resumeTask,
  }),
  transition({
    path: 'tasks',
    name: 'cancel',
    operationId: 'cancelTask',
    summary: 'Cancel a task (with a reason)',
    tag: 'Tasks',
    can: ['cancel', 'Task'],
    input: ZCancelTaskInput,
    output: ZTaskDetail,
    run: tasks.cancelTask,
  }),
  ...resource({
    path: 'corrective-actions',
    tag: 'Corrective actions',
    subject: 'CorrectiveAction',
    noun: 'CorrectiveAction',
    plural: 'CorrectiveActions',
    detail: ZCorrectiveAction,
    list: { input: ZListCorrectiveActionsInput, output: ZCorrectiveActionList, run: actions.listCorrectiveActions },
    get: actions.getCorrectiveAction,
    update: { input: ZUpdateCorrectiveActionInput, run: actions.updateCorrectiveAction },
  }),
  transition({
    path: 'corrective-actions',
    name: 'complete',
    operationId: 'completeCorrectiveAction',
    summary: 'Complete a corrective action (with a note)',
    tag: 'Corrective actions',
    can: ['complete', 'CorrectiveAction'],
    input: ZCompleteCorrectiveActionInput,
    output: ZCorrectiveAction,
    run: actions.completeCorrectiveAction,
  }),
  transition({
    path: 'corrective-actions',
    name: 'verify',
    operationId: 'verifyCorrectiveAction',
    summary: 'Verify a completed corrective action',
    tag: 'Corrective actions',
    can: ['verify', 'CorrectiveAction'],
    input: ZVerifyCorrectiveActionInput,
    output: ZCorrectiveAction,
    run: actions.verifyCorrectiveAction,
  }),
  transition({
    path: 'corrective-actions',
    name: 'cancel',
    operationId: 'cancelCorrectiveAction',
    summary: 'Cancel a corrective action (with a reason)',
    tag: 'Corrective actions',
    can: ['cancel', 'CorrectiveAction'],
    input: ZCancelCorrectiveActionInput,
    output: ZCorrectiveAction,
    run: actions.cancelCorrectiveAction,
  }),
  ...resource({
    path: 'files',
    tag: 'Files',
    subject: 'File',
    noun: 'File',
    plural: 'Files',
    detail: ZFile,
    list: { input: ZListFilesInput, output: ZFileList, run: files.listFiles },
    get: files.getFile,
  }),
  route({
    method: 'GET',
    url: '/reports/figures',
    operationId: 'reportFigures',
    summary: 'Report figures of one kind, with the report filters as query parameters',
    tag: 'Reports',
    can: ['read', 'Report'],
    input: ZReportExportInput,
    output: ZReportResult,
    run: (ctx, { kind, ...filters }) => reports.runReport(ctx, { kind, filters }),
  }),
];
