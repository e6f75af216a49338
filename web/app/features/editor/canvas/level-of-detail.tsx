import { useStore } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Below this zoom text on the canvas is a few pixels tall and handles too small to grab: the canvas
 * draws the diagram as one overview bitmap (overview-layer.tsx) instead of element views. A whole
 * 1,000-element diagram fits at about 0.2; a big diagram opens at 0.5 and looks as it always did.
 */
export const FAR_ZOOM = 0.35;

/**
 * Whether the canvas is far out. Zooming out switches at once (dropping element views is cheap);
 * zooming in switches back to element views only when the zoom gesture ends, so a wheel or pinch
 * zoom does not mount hundreds of element views on every step.
 */
export function useFarZoom(): { far: boolean; onMoveStart: () => void; onMoveEnd: () => void } {
  const farNow = useStore((s) => s.transform[2] < FAR_ZOOM);
  const [far, setFar] = useState(farNow);
  const moving = useRef(false);
  const latest = useRef(farNow);
  latest.current = farNow;
  useEffect(() => {
    if (farNow || !moving.current) setFar(farNow);
  }, [farNow]);
  const onMoveStart = useCallback(() => {
    moving.current = true;
  }, []);
  const onMoveEnd = useCallback(() => {
    moving.current = false;
    setFar(latest.current);
  }, []);
  // Far at once (also in the render that first has the opening zoom): no element view is mounted
  // for one render on the way out, nor when a big diagram opens far out.
  return { far: farNow || far, onMoveStart, onMoveEnd };
}
