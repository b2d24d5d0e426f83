// Tables named by constraint messages (a `table` value, see messages.ts): a unique or foreign-key
// violation names the table it happened in. A table missing here is named by its words in English
// ("sub_directions" -> "sub directions") and by "other records" in the other languages.
export const tablesMessages = {
  'tables.other': 'other records',
  'tables.assignments': 'assignments',
  'tables.corrective_actions': 'corrective actions',
  'tables.customers': 'customers',
  'tables.directions': 'directions',
  'tables.files': 'files',
  'tables.invoice_clients': 'invoice clients',
  'tables.invoices': 'invoices',
  'tables.licenses': 'licenses',
  'tables.location_assignments': 'location assignments',
  'tables.location_classes': 'location classes',
  'tables.locations': 'locations',
  'tables.projects': 'projects',
  'tables.reports': 'reports',
  'tables.saved_views': 'saved views',
  'tables.scheme_questions': 'scheme questions',
  'tables.scheme_sections': 'scheme sections',
  'tables.schemes': 'schemes',
  'tables.slots': 'slots',
  'tables.sub_directions': 'sub directions',
  'tables.tasks': 'tasks',
  'tables.team_members': 'team members',
  'tables.teams': 'teams',
  'tables.users': 'users',
} as const;
