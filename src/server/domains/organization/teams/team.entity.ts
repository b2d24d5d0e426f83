// The teams domain's entities. Team and TeamMember are declared with User in users/user.entity.ts,
// because users and teams point at each other (see there); teams depend on users, never the reverse.
export { Team, TeamMember, TeamMemberSchema, TeamSchema } from '../users/user.entity.ts';
