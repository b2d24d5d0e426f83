// Corrective actions of the demo's approved inspections, derived by the product's own rules
// (DOMAIN.md "Corrective actions close the loop"), replayed in the order the tasks were approved: an
// approved task verifies the location's pending actions whose question it passes, then opens one
// action per failed critical question (owner: the team's floor manager; due after the project's
// actionDueDays). Of the actions still pending, a fixed share has been marked done by its owner.
// Deterministic: no randomness beyond the workflow seed's tasks.
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Team } from '../src/server/domains/organization/users/user.entity.ts';
import { SchemeQuestion } from '../src/server/domains/structure/schemes/scheme.entity.ts';
import { CorrectiveAction } from '../src/server/domains/workflow/corrective-actions/corrective-action.entity.ts';
import { Project } from '../src/server/domains/workflow/projects/project.entity.ts';
import { Task } from '../src/server/domains/workflow/tasks/task.entity.ts';
import {
  answersByKey,
  isQuestionVisible,
  pointsEarned,
  SCORED_TYPES,
  type ScoreQuestion,
} from '../src/shared/workflow/score.ts';

const DAY = 24 * 3600_000;

const DONE_NOTES = [
  'Pallets moved to the back store; exit route marked on the floor.',
  'Fridge serviced by the technician; temperature log restarted.',
  'Team briefed at the morning meeting; checklist posted by the tills.',
  'Damaged shelf replaced and labels reprinted.',
];

type Question = ScoreQuestion & { text: string };

export class CorrectiveActionsSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const tasks = await em.find(Task, { status: 'approved' }, { orderBy: { reviewedAt: 'asc', id: 'asc' } });
    if (!tasks.length) return;
    const schemeIds = [...new Set(tasks.map((t) => t.scheme.id))];
    const questionRows = await em.find(SchemeQuestion, { scheme: { $in: schemeIds } });
    const questionsByScheme = new Map<number, Map<string, Question>>();
    for (const q of questionRows) {
      const map = questionsByScheme.get(q.scheme.id) ?? new Map<string, Question>();
      map.set(q.key, {
        key: q.key,
        text: q.text,
        type: q.type,
        maxScore: Number(q.maxScore),
        weight: Number(q.weight),
        critical: q.critical,
        options: q.options,
        visibleIf: q.visibleIf ?? null,
      });
      questionsByScheme.set(q.scheme.id, map);
    }
    const teams = new Map(
      (await em.find(Team, { id: { $in: [...new Set(tasks.map((t) => t.team.id))] } })).map((t) => [t.id, t]),
    );
    const projects = new Map(
      (await em.find(Project, { id: { $in: [...new Set(tasks.map((t) => t.project.id))] } })).map((p) => [p.id, p]),
    );

    const pending = new Map<string, CorrectiveAction[]>();
    const now = Date.now();
    for (const task of tasks) {
      const approvedAt = task.reviewedAt ?? task.updatedAt;
      const questions = questionsByScheme.get(task.scheme.id) ?? new Map<string, Question>();
      const byKey = answersByKey(task.answers);
      for (const q of questions.values()) {
        const answer = byKey.get(q.key);
        if (!answer || answer.na || answer.value === null || !SCORED_TYPES.has(q.type) || !(q.maxScore > 0)) continue;
        if (!isQuestionVisible(q, byKey, questions)) continue;
        const earned = pointsEarned(q, answer.value);
        if (earned === null || earned < q.maxScore / 2) continue;
        const slot = `${task.location.id}|${q.key}`;
        for (const action of pending.get(slot) ?? []) {
          action.status = 'verified';
          action.verifiedAt = approvedAt;
          em.assign(action, { verifiedByTask: task.id });
        }
        pending.delete(slot);
      }
      const ownerId = teams.get(task.team.id)?.floorManager?.id ?? null;
      const days = projects.get(task.project.id)?.actionDueDays ?? 14;
      for (const key of task.criticalFailures) {
        const action = em.create(CorrectiveAction, {
          customer: task.customer.id,
          task: task.id,
          project: task.project.id,
          location: task.location.id,
          team: task.team.id,
          questionKey: key,
          questionText: questions.get(key)?.text ?? key,
          origin: 'auto',
          status: 'open',
          owner: ownerId,
          dueAt: new Date(approvedAt.getTime() + days * DAY),
          note: byKey.get(key)?.comment ?? null,
          completionNote: null,
          evidenceFileIds: [],
          createdBy: null,
          createdAt: approvedAt,
          updatedAt: approvedAt,
        });
        const slot = `${task.location.id}|${key}`;
        pending.set(slot, [...(pending.get(slot) ?? []), action]);
      }
    }
    // Every other pending action older than three days has been done by its owner (awaiting verification).
    let n = 0;
    for (const actions of pending.values()) {
      for (const action of actions) {
        if (action.createdAt.getTime() > now - 3 * DAY || n++ % 2 === 1) continue;
        action.status = 'done';
        action.doneAt = new Date(action.createdAt.getTime() + 2 * DAY);
        em.assign(action, { doneBy: action.owner?.id ?? null });
        action.completionNote = DONE_NOTES[n % DONE_NOTES.length];
      }
    }
    await em.flush();
  }
}
