import { AuthTexts } from '@loopwright/contracts';
import type { ComponentProps } from 'react';
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
