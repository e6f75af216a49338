import { TextField } from './forms';

/** The instance ID printed in the server log: proof that the person runs this server. */
export function InstanceIdField({ value, onValue, error }: { value: string; onValue: (value: string) => void; error?: string }) {
  return (
    <TextField
      label="Instance ID"
      name="instanceId"
      autoComplete="off"
      spellCheck={false}
      required
      value={value}
      onValue={onValue}
      error={error}
      hint="Printed in the server log at every start: look for the line “Instance ID: …”."
    />
  );
}
