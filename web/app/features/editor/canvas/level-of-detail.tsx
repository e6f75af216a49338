import { useStore } from '@xyflow/react';
import { createContext, useContext, useMemo } from 'react';
import { createPortal } from 'react-dom';

/**
 * Below this zoom text on the canvas is a few pixels tall and handles too small to grab: the canvas
 * leaves out connection labels and hides element names and handles (CSS `.is-far`). A whole
 * 1,000-element diagram fits at about 0.2; a big diagram opens at 0.5 and looks as it always did.
 */
export const FAR_ZOOM = 0.35;

export function useFarZoom(): boolean {
  return useStore((s) => s.transform[2] < FAR_ZOOM);
}

const LabelLayer = createContext<HTMLElement | null>(null);

/**
 * Finds React Flow's edge label layer once for every connection label (React Flow's own
 * `EdgeLabelRenderer` queries the DOM for it in a store selector: once per label on every pan
 * frame, the most expensive thing on a big diagram). `hidden`: no labels at all.
 */
export function LabelLayerProvider({ hidden, children }: { hidden: boolean; children: React.ReactNode }) {
  const domNode = useStore((s) => s.domNode);
  const layer = useMemo(() => domNode?.querySelector<HTMLElement>('.react-flow__edgelabel-renderer') ?? null, [domNode]);
  return <LabelLayer.Provider value={hidden ? null : layer}>{children}</LabelLayer.Provider>;
}

/** Renders an edge's label into the label layer (nothing while labels are hidden or the layer is not there yet). */
export function EdgeLabel({ children }: { children: React.ReactNode }) {
  const layer = useContext(LabelLayer);
  return layer ? createPortal(children, layer) : null;
}
