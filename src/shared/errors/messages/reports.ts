// Messages of reports: saved definitions (owner, sharing, names) and the filters of a run.
export const reportsMessages = {
  'reports.ownTeamsOnly': 'You can report only on your own team(s)',
  'reports.nameTaken': 'You already have a report with this name',
  'reports.noCustomerToShare': 'Your account belongs to no customer, so its reports cannot be shared',
  'reports.tooMany': 'You can keep at most {{max}} reports; delete one first',
  'reports.onlyOwnerChanges': 'Only its owner can change this report',
  'reports.onlyOwnerDeletes': 'Only its owner can delete this report',
  'reports.noSuchProject': 'No such project',
  'reports.noSuchDirection': 'No such direction',
  'reports.noSuchSubDirection': 'No such sub-direction',
  'reports.noSuchClass': 'No such class',
  'reports.noSuchTeam': 'No such team',
} as const;
