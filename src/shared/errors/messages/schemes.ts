// Messages of the schemes domain (structure): versions (draft, published, archived) and the rules of
// a structure. A question is named by its number across the scheme and its section's number.
export const schemesMessages = {
  'schemes.draftNotPublished': 'Scheme "{{name}}" v{{version}} is draft; choose a published version',
  'schemes.archivedNotPublished': 'Scheme "{{name}}" v{{version}} is archived; choose a published version',
  'schemes.archiveDraft': 'Only a published version can be archived; delete a draft instead',
  'schemes.restoreBeforeEditing': 'Version {{version}} is archived; restore it before editing',
  'schemes.notLatest': 'Version {{version}} is not the latest; edit version {{latest}} instead',
  'schemes.alreadyPublished': 'Version {{version}} is already published',
  'schemes.alreadyArchived': 'Version {{version}} is already archived',
  'schemes.deletePublished':
    'Version {{version}} is published and is kept so tasks keep their questions; archive it instead',
  'schemes.deleteArchived':
    'Version {{version}} is archived and is kept so tasks keep their questions; archive it instead',
  'schemes.keyTwice': 'Question {{question}} (section {{section}}): the key "{{key}}" is used twice',
  'schemes.visibleIfEarlier':
    'Question {{question}} (section {{section}}): "visible if" must refer to an earlier question\'s key (not "{{key}}")',
  'schemes.choiceOptions': 'Question {{question}} (section {{section}}): a choice question needs at least 2 options',
  'schemes.optionValuesDiffer': 'Question {{question}} (section {{section}}): option values must be different',
  'schemes.optionOverMax':
    "Question {{question}} (section {{section}}): an option scores more than the question's max score",
  'schemes.optionsOnlyForChoice': 'Question {{question}} (section {{section}}): only choice questions have options',
  'schemes.criticalOnlyScored': 'Question {{question}} (section {{section}}): only scored questions can be critical',
  'schemes.photosNeedEvidence':
    'Question {{question}} (section {{section}}): photos are required only with an evidence rule',
  'schemes.noSection': 'A scheme needs at least one section before it can be published',
  'schemes.emptySection': 'Section "{{title}}" has no questions',
  'schemes.noScoredQuestion':
    'A scheme needs at least one scored question (with a max score and a weight) before it can be published',
} as const;
