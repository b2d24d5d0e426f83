// Messages of files: uploads (fields, task, type, size, multipart form), downloads and deletes.
export const filesMessages = {
  'files.questionKeyNeedsTask': 'questionKey needs the taskId of its task',
  'files.sendQuestionTask': "Send the taskId of the question's task",
  'files.taskClosedForFiles': 'You can add files to your task only while it is in progress or sent back for rework',
  'files.operatorNamesTask': 'Name the task this file belongs to: the platform operator has no customer of its own',
  'files.taskRequiredForOperator': 'Required for the platform operator',
  'files.empty': 'The file is empty',
  'files.typeNotAccepted':
    'Files of this type ({{found}}) are not accepted: upload a photo (JPEG, PNG, WebP, GIF, HEIC), a PDF, an Office or OpenDocument file, CSV or plain text',
  'files.typeNotAcceptedField': 'This type of file is not accepted',
  'files.tooManyPixels':
    'The image is {{width}} × {{height}} pixels: images may have at most {{megapixels}} megapixels',
  'files.tooManyPixelsField': 'Images may have at most {{megapixels}} megapixels',
  'files.tooLarge': 'The file is larger than {{megabytes}} MB',
  'files.maxSize': 'Files may be at most {{megabytes}} MB',
  'files.onePerRequest': 'Send one file per request, in a part named "file"',
  'files.onePerRequestField': 'Send one file per request',
  'files.tooManyFields': 'Too many form fields: send the file with taskId, questionKey and clientId only',
  'files.notMultipart': 'Send the file as multipart/form-data, in a part named "file"',
  'files.cutOff': 'The upload was cut off before the end of the form data',
  'files.unexpectedPart':
    'Unexpected file part "{{part}}": Send the file as multipart/form-data, in a part named "file"',
  'files.noFile': 'No file: Send the file as multipart/form-data, in a part named "file"',
  'files.chooseFile': 'Choose a file to upload',
  'files.noThumbnail': 'This file has no thumbnail',
  'files.contentMissing': 'The content of this file is missing from the storage',
  'files.onlyUploaderDeletes': 'Only its uploader or an administrator may delete this file',
  'files.evidenceOfTask':
    '"{{name}}" is evidence in submitted task {{tasks}}: it cannot be deleted while the task is under review or approved',
  'files.evidenceOfAction': '"{{name}}" is evidence of corrective action #{{id}}: it cannot be deleted',
} as const;
