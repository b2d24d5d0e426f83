// Messages of projects: their states and transitions, the plan that may no longer change, delete.
export const projectsMessages = {
  'projects.state.draft': 'draft',
  'projects.state.active': 'active',
  'projects.state.on_hold': 'on hold',
  'projects.state.completed': 'completed',
  'projects.state.archived': 'archived',
  'projects.codeTaken': 'Another project of this customer already uses this code',
  'projects.cannotChange': 'Project "{{code}}" is {{hint}}: it can no longer change (restore it first if archived)',
  'projects.schemeOnlyInDraft': 'The scheme can change only while the project is a draft',
  'projects.endBeforeStart': 'End date must be on or after the start date',
  'projects.alreadyArchived': 'Project "{{code}}" is already archived',
  'projects.cannotActivate': 'Only a draft or on-hold project can be activated (project "{{code}}" is {{hint}})',
  'projects.cannotHold': 'Only an active project can be put on hold (project "{{code}}" is {{hint}})',
  'projects.cannotComplete': 'Only an active or on-hold project can be completed (project "{{code}}" is {{hint}})',
  'projects.cannotArchive':
    'An active project cannot be archived: put it on hold or complete it first (project "{{code}}" is {{hint}})',
  'projects.cannotRestore': 'Only an archived project can be restored (project "{{code}}" is {{hint}})',
  'projects.assignLocationFirst': 'Assign at least one location to the project before activating it',
  'projects.planLocked': 'Project "{{code}}" is {{hint}}: its plan can no longer change',
  'projects.onlyDraftDeleted': 'Project "{{code}}" is {{hint}}: only a draft can be deleted; archive it instead',
  'projects.hasOneTask': 'Project "{{code}}" has {{count}} planned task: delete its slots first, or archive it',
  'projects.hasTasks': 'Project "{{code}}" has {{count}} planned tasks: delete its slots first, or archive it',
} as const;
