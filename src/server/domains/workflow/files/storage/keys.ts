// Storage keys: made by the upload (`<customer>/<yyyy>/<mm>/<random>`, files.upload.ts), never from user
// input; checked again here so that no key can climb out of the disk root or the bucket prefix.

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.length > 200 || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
