/** The Loopwright mark: a loop of flow between two pools. */
export function Logo() {
  return (
    <svg className="logo" width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="9" cy="16" r="6" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="23" cy="16" r="6" fill="currentColor" />
      <path
        d="M9 8c4-5 10-5 14 0M23 24c-4 5-10 5-14 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
