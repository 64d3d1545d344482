import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder Electron would use as `userData` for this app, so the browser shell and the
 * Electron app share the same preferences and data on one machine.
 */
export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Socialdesk');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Socialdesk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Socialdesk');
}
