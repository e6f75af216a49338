/** Injection tokens for values that are not classes. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const LOGGER = Symbol('LOGGER');
/** Which entry point runs this Nest context: the HTTP app or a worker. */
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
export type ProcessRole = 'app' | 'worker';
