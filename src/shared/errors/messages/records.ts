// The kinds of record a message can name (a `record` value, see messages.ts): PascalCase names as the
// abilities spell their subjects, the English word as the text. Add a kind here, and in errors.json's
// "records" of the four languages, when a message needs to name it.
export const recordsMessages = {
  'records.ApiKey': 'API key',
  'records.Assignment': 'Assignment',
  'records.AuditEvent': 'Audit event',
  'records.Category': 'Category',
  // The product's own name for a location class (its CASL subject), as its refusals say: Class "Pop-up store".
  'records.Class': 'Class',
  'records.CorrectiveAction': 'Corrective action',
  'records.Customer': 'Customer',
  'records.Direction': 'Direction',
  'records.Email': 'Email',
  'records.Event': 'Event',
  'records.File': 'File',
  'records.Import': 'Import',
  'records.Invoice': 'Invoice',
  'records.License': 'License',
  'records.Lecture': 'Lecture',
  'records.Location': 'Location',
  'records.LocationAssignment': 'Location assignment',
  'records.LocationClass': 'Location class',
  'records.Notification': 'Notification',
  'records.Order': 'Order',
  'records.Passkey': 'Passkey',
  'records.Permission': 'Permission',
  'records.Product': 'Product',
  'records.Project': 'Project',
  'records.Report': 'Report',
  'records.SavedView': 'Saved view',
  'records.Review': 'Review',
  'records.Scheme': 'Scheme',
  'records.Session': 'Session',
  'records.Slot': 'Slot',
  'records.StoreSettings': 'Store settings',
  'records.SubDirection': 'Sub-direction',
  'records.Task': 'Task',
  'records.Team': 'Team',
  'records.User': 'User',
  'records.View': 'View',
  'records.Webhook': 'Webhook',
} as const;

/** A kind of record, as messages name it: `notFound('Task')`, `{ record: 'SubDirection' }`. */
export type RecordName = keyof typeof recordsMessages extends `records.${infer Name}` ? Name : never;
