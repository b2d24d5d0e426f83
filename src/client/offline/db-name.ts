/** The field app's encrypted database (vault.ts). */
export const DB_NAME = 'opsdesk-offline';
