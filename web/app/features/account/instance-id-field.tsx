import { AuthTexts } from '@loopwright/contracts';
import { TextField } from './forms';

/** The instance ID (server log, data directory, `npm run instance-id`): proof that the person runs this server. */
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
      hint={AuthTexts.instanceIdHint}
    />
  );
}
