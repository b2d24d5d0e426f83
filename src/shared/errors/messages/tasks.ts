// Messages of tasks: who may perform or review one, its states, the start window and the geofence,
// answers and their files, what a submit still lacks, a rejection's question comments.
export const tasksMessages = {
  'tasks.state.scheduled': 'scheduled',
  'tasks.state.in_progress': 'in progress',
  'tasks.state.submitted': 'submitted',
  'tasks.state.approved': 'approved',
  'tasks.state.rejected': 'rejected',
  'tasks.state.missed': 'missed',
  'tasks.state.cancelled': 'cancelled',
  'tasks.onlyScheduledStarted': 'This task is {{hint}}; only a scheduled task can be started',
  'tasks.onlyInProgressAnswered': 'This task is {{hint}}; only an in progress task can be answered',
  'tasks.onlyInProgressSubmitted': 'This task is {{hint}}; only an in progress task can be submitted',
  'tasks.onlySubmittedApproved': 'This task is {{hint}}; only a submitted task can be approved',
  'tasks.onlySubmittedRejected': 'This task is {{hint}}; only a submitted task can be rejected',
  'tasks.onlyRejectedResumed': 'This task is {{hint}}; only a rejected task can be resumed',
  'tasks.onlyScheduledOrInProgressCancelled':
    'This task is {{hint}}; only a scheduled or in progress task can be cancelled',
  'tasks.alreadySubmitted':
    'This task was already submitted (clientMutationId "{{clientMutationId}}"); it is {{hint}} now',
  'tasks.noInspector': 'This task has no inspector assigned yet',
  'tasks.onlyAssignedInspector': 'Only the inspector assigned to this task can perform it',
  'tasks.reviewerPerformed': 'You performed this task: someone else must review it',
  'tasks.startsFrom': 'This task can be started from {{opens}}, 30 minutes before its slot',
  'tasks.slotEnded': 'The slot of this task ended at {{endsAt}}',
  'tasks.checkedInAtFuture': 'The check-in time {{at}} is in the future',
  'tasks.checkedInAtTooOld': 'The check-in time {{at}} is more than {{days}} days ago',
  'tasks.notYourOfflineWork': "Only an inspector of this task's team can hand in work done offline on it",
  'tasks.startNeedsActiveProject':
    'Project "{{code}}" is {{hint}}; a task can be started only while its project is active',
  'tasks.resumeNeedsActiveProject':
    'Project "{{code}}" is {{hint}}; a task can be resumed only while its project is active',
  'tasks.outsideFence':
    'You are {{distance}} m from {{location}}, outside its {{radius}} m geofence: give a reason (outOfFenceReason)',
  'tasks.checkAnswers': 'Check these answers: {{details}}',
  'tasks.notAQuestion': '"{{questionKey}}" is not a question of this task\'s scheme',
  'tasks.expectsBoolean': '"{{questionKey}}" expects true or false',
  'tasks.expectsScore': '"{{questionKey}}" expects a number from 0 to {{maximum}}',
  'tasks.expectsNumber': '"{{questionKey}}" expects a number',
  'tasks.expectsChoice': '"{{questionKey}}" expects one of {{options}}',
  'tasks.expectsText': '"{{questionKey}}" expects text',
  'tasks.expectsFiles': '"{{questionKey}}" is answered with files (fileIds), not a value',
  'tasks.noNotApplicable': '"{{questionKey}}" cannot be answered N/A',
  'tasks.fileNotOfTask':
    '"{{questionKey}}": file {{fileIds}} is not a file of this task (upload it with its taskId first)',
  'tasks.signatureNotOfTask': 'File {{fileId}} is not a file of this task: upload the signature with its taskId first',
  'tasks.answersRequired': 'Answer the required questions: {{missing}}',
  'tasks.photosRequired': 'Add the photos the evidence rules ask for: {{evidence}}',
  'tasks.signatureRequired': 'This scheme requires a signature (signatureFileId)',
  'tasks.answersAndPhotosRequired':
    'Answer the required questions: {{missing}}. Add the photos the evidence rules ask for: {{evidence}}',
  'tasks.answersAndSignatureRequired':
    'Answer the required questions: {{missing}}. This scheme requires a signature (signatureFileId)',
  'tasks.photosAndSignatureRequired':
    'Add the photos the evidence rules ask for: {{evidence}}. This scheme requires a signature (signatureFileId)',
  'tasks.allRequired':
    'Answer the required questions: {{missing}}. Add the photos the evidence rules ask for: {{evidence}}. This scheme requires a signature (signatureFileId)',
  'tasks.answerIsRequired': 'An answer is required',
  'tasks.addPhotos': 'Add at least {{count}} photo(s)',
  'tasks.schemeNeedsSignature': 'This scheme requires a signature',
  'tasks.checkQuestionComments': 'Check the question comments (questionComments): {{details}}',
  'tasks.repeatedComment': '"{{questionKey}}" has more than one comment',
} as const;
