/** The kinds of element a diagram document holds; settings are one element with id "settings". */
export type ElementKind = 'node' | 'connection' | 'variable' | 'settings';

export interface ElementRef {
  kind: ElementKind;
  id: string;
  name: string;
}

export interface FieldChange {
  kind: ElementKind;
  id: string;
  field: string;
  /** The field's value in the first document; null when it had none. */
  before: unknown;
  after: unknown;
}

export interface Move {
  kind: 'node' | 'connection';
  id: string;
}

/** What changed from one version of a diagram to another, element by element (matched by id). */
export interface DiagramDiff {
  added: ElementRef[];
  removed: ElementRef[];
  /** One entry per changed field; layout fields are never here. */
  changed: FieldChange[];
  /** Elements whose layout changed (node x/y, connection bend points). */
  moved: Move[];
}

/** Fields that only place an element on the canvas: a change there is a move, not a change. */
export const LAYOUT_FIELDS: Record<'node' | 'connection', readonly string[]> = {
  node: ['x', 'y'],
  connection: ['points'],
};

/** Fields whose values are formulas: compared token by token, so spacing alone is no change. */
export const FORMULA_FIELDS: Record<ElementKind, readonly string[]> = {
  node: ['formula'],
  connection: ['formula', 'interval'],
  variable: ['formula'],
  settings: [],
};
