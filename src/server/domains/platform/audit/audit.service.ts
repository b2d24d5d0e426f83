// The audit trail's entry points: reads only (the events are written by lib/audit in each change's
// transaction), defined with the listing and re-exported here.
export { iterateAudit, listAudit } from './audit.listing.ts';
