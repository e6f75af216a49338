import { AuthTexts } from '@loopwright/contracts';
import type { ComponentProps } from 'react';
import { sessionStore } from '../../lib/safe-storage';
import { TextField } from './forms';

/** The instance ID (server log, data directory, `npm run instance-id`): proof that the person runs this server. */
export function InstanceIdField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Instance ID"
      autoComplete="off"
      spellCheck={false}
      required
      hint={AuthTexts.instanceIdHint}
      {...props}
    />
  );
}

const KEY = 'loopwright.instance-id';

/**
 * The instance ID the administrator gave and the server accepted, kept for this browser session
 * (sessionStorage: gone when the tab closes) so the admin screens do not ask for it again.
 */
export const instanceIdMemory = {
  get: (): string => sessionStore.get(KEY) ?? '',
  remember: (id: string) => sessionStore.set(KEY, id),
  forget: () => sessionStore.remove(KEY),
};
