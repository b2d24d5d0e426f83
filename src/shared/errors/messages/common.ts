// Messages of the kernel (lib, trpc, rest, plugins): lookups, authorization, writes, constraints.
export const commonMessages = {
  'common.somethingWentWrong': 'Something went wrong',
  'common.invalidInput': 'Check the highlighted fields',
  'common.signIn': 'Sign in to continue',
  'common.tooManyRequests': 'Too many requests. Wait a moment and try again.',
  'common.busy': 'The server is busy. Try again in {{seconds}} seconds.',
  'common.forbidden': 'You are not allowed to {{action}} {{record}}',
  'common.forbiddenRecord': 'You are not allowed to {{action}} this {{record, lowercase}}',
  'common.noCustomer': 'Your account belongs to no customer',
  'common.chooseCustomer': 'Choose the customer this record belongs to',
  'common.notFound': '{{record}} not found',
  'common.archived': '{{record}} "{{name}}" is archived',
  'common.bodyTooLarge': 'The request body is too large: at most {{limit}} KB here',
  'common.jsonTooDeep': 'The JSON body is nested too deeply: at most {{depth}} levels',
  'common.unsafeString': 'must not contain NUL characters or unpaired surrogates',
  'common.stale':
    'This record was changed by someone else at the same time. Reload it to see their changes, or save again to overwrite them.',
  'common.staleRecord':
    'This {{record, lowercase}} was changed by someone else since you opened it. Reload it to see their changes, or save again to overwrite them.',
  'common.uniqueConflict': 'Another record in {{table}} already has this {{columns}}',
  'common.uniqueConflictValues': 'Another record in {{table}} already has these values',
  'common.missingReference': 'It refers to a record of {{table}} that does not exist',
  'common.stillUsed': 'It is still used by {{table}}',
  'common.stillReferenced': '{{record}} "{{name}}" cannot be deleted: it is used by {{blockers}}. {{hint}}',
  'common.stillReferencedUnknown': '{{record}} "{{name}}" cannot be deleted: other records still point at it. {{hint}}',
  'common.archiveInstead': 'Archive it instead, or remove those first.',
} as const;
