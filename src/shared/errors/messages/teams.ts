// Messages of the teams domain (organization): names, leads, members, inspectors.
export const teamsMessages = {
  'teams.nameTaken': 'Another team of this customer already has this name',
  'teams.floorManagerRole': 'The floor manager must be a user with the floormanager role',
  'teams.teamLeaderRole': 'The team leader must be a user with the teamleader role',
  'teams.leadsStayMembers': "A team's floor manager and team leader stay members; choose another lead first",
  'teams.removeMembersFirst': 'Remove its members first, or archive it.',
  'teams.notInspector': '{{name}} is not an inspector (quality control)',
  'teams.inactiveUser': '{{name}} is not an active user',
  'teams.notMember': '{{name}} is not a member of this team',
} as const;
