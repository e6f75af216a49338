import { useStore } from '@xyflow/react';

/**
 * Below this zoom text on the canvas is a few pixels tall and handles too small to grab: the canvas
 * leaves out connection labels and hides element names and handles (CSS `.is-far`). A whole
 * 1,000-element diagram fits at about 0.2; a big diagram opens at 0.5 and looks as it always did.
 */
export const FAR_ZOOM = 0.35;

export function useFarZoom(): boolean {
  return useStore((s) => s.transform[2] < FAR_ZOOM);
}
