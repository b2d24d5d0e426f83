// Messages of the e-mail demo app (the composer).
export const emailMessages = {
  'email.foreignAttachment': 'attachments: only files you uploaded can be attached',
  'email.foreignAttachmentField': 'Only files you uploaded can be attached',
  'email.noDraft': 'No draft found with this id',
} as const;
