// Logout passes here first: when changes still wait on the device, the offline agent asks the user
// (LogoutDialog: send now, or log out and discard); then every record the app wrote for the user on
// this device is deleted, and their key, before the session ends.
import { hasOfflineData, loadOffline } from './index.ts';

type Ask = (count: number, proceed: () => void) => void;
let ask: Ask | null = null;

/** The agent registers how to ask (it renders the dialog). */
export function onLogoutQuestion(handler: Ask | null): void {
  ask = handler;
}

/** Wipe the user's offline data and log out (`proceed`), after asking when something waits. */
export async function requestLogout(userId: number | null, proceed: () => void): Promise<void> {
  if (userId === null || !(await hasOfflineData())) {
    proceed();
    return;
  }
  try {
    const layer = await loadOffline();
    const waiting = await layer.waitingFor(userId);
    if (waiting > 0 && ask) {
      ask(waiting, proceed);
      return;
    }
    await layer.wipe(userId);
  } catch {
    // Storage that cannot be read is no reason to keep someone signed in.
  }
  proceed();
}
