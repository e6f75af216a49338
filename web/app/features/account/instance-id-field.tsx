import type { ComponentProps } from 'react';
import { TextField } from './forms';

/** The instance ID printed in the server log: proof that the person runs this server. */
export function InstanceIdField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Instance ID"
      autoComplete="off"
      spellCheck={false}
      required
      hint="Printed in the server log at every start: look for the line “Instance ID: …”."
      {...props}
    />
  );
}
