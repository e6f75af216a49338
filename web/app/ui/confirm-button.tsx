import { useState } from 'react';

/** A destructive action asked twice: the button, then "Yes, …" or Cancel in its place. */
export function ConfirmButton({
  label,
  target,
  question,
  confirm,
  disabled = false,
  onConfirm,
  buttonClass = 'button acc-button--small acc-button--danger',
  choiceClass = 'button acc-button--small',
}: {
  label: string;
  target: string;
  question: string;
  confirm: string;
  disabled?: boolean;
  onConfirm: () => void;
  /** The first button's classes; `choiceClass` for Cancel (the "Yes, …" button adds the danger look). */
  buttonClass?: string;
  choiceClass?: string;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={buttonClass}
        disabled={disabled}
        aria-label={`${label} ${target}`}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span className="confirm-inline" role="group" aria-label={`${question} ${target}`}>
      <span>{question}</span>
      <button
        type="button"
        className={`${choiceClass} acc-button--danger`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>
      <button type="button" className={choiceClass} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
