export { isRemoteCommand, REMOTE_USAGE, runRemote } from './commands.js';
export { configPath, loadConfig, saveConfig, type RemoteConfig } from './config.js';
