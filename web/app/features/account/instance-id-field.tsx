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
 * The instance ID given on the setup page (before any sign-in), kept in this tab until the sign-in
 * that follows proves it for its session (the mail settings screen sends it once, then forgets it).
 * From then on the server remembers it on the sign-in session: every tab, app restarts included.
 */
export const instanceIdMemory = {
  get: (): string => sessionStore.get(KEY) ?? '',
  remember: (id: string) => sessionStore.set(KEY, id),
  forget: () => sessionStore.remove(KEY),
};
