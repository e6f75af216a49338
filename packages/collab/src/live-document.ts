import * as Y from 'yjs';

/**
 * A diagram's document as a Yjs document, shared by the server (Hocuspocus) and the editor.
 *
 * Every element is a Y.Map of its own properties, kept in a Y.Map of its collection by id
 * (variables by name), so two people changing different properties of one node both keep their
 * change, and two people changing the same property end with one value, the same for everybody
 * (Yjs picks it). The order of the JSON arrays (which the engine reads: creation order) is kept in
 * a number per element, `_o`; elements with the same number (added at the same time by two people)
 * are ordered by id.
 *
 * root maps: nodes, connections, variables, settings, meta (document version, saved version, and
 * the diagram name and tour: see live-facts.ts)
 */

/** The JSON document this maps: the engine's Diagram with the editor's extras (connection points). */
export interface LiveDocument {
  version: number;
  settings: Record<string, unknown>;
  nodes: { id: string }[];
  connections: { id: string }[];
  variables: { name: string; formula: string }[];
}

export const ORDER_KEY = '_o';
type ElementMap = Y.Map<unknown>;
type Collection = Y.Map<ElementMap>;

export const rootsOf = (doc: Y.Doc) => ({
  nodes: doc.getMap<ElementMap>('nodes'),
  connections: doc.getMap<ElementMap>('connections'),
  variables: doc.getMap<ElementMap>('variables'),
  settings: doc.getMap('settings'),
  meta: doc.getMap('meta'),
});

/** JSON equality for property values (numbers, strings, booleans, arrays of points). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The same properties with the same values, whatever their order (undefined counts as absent). */
function sameElement(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const ka = keys(a);
  return ka.length === keys(b).length && ka.every((k) => sameValue(a[k], b[k]));
}

function orderOf(element: ElementMap | undefined): number {
  const order = element?.get(ORDER_KEY);
  return typeof order === 'number' ? order : 0;
}

function sortedKeys(collection: Collection): string[] {
  return [...collection.entries()]
    .sort(([a, ea], [b, eb]) => orderOf(ea) - orderOf(eb) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([key]) => key);
}

function setProperties(element: ElementMap, item: Record<string, unknown>, order: number): void {
  for (const key of [...element.keys()]) if (key !== ORDER_KEY && item[key] === undefined) element.delete(key);
  for (const [key, value] of Object.entries(item)) {
    if (value === undefined) continue;
    if (!sameValue(element.get(key), value)) element.set(key, value);
  }
  if (element.get(ORDER_KEY) !== order) element.set(ORDER_KEY, order);
}

/**
 * The items that are not the very objects of `previous` (what the collection holds) when both list
 * the same keys in the same order (the usual local edit: some elements' properties changed); null
 * when elements were added, removed or reordered.
 */
function changedInPlace(
  collection: Collection,
  items: Record<string, unknown>[],
  keyOf: (item: Record<string, unknown>) => string,
  previous: Record<string, unknown>[] | undefined,
): Record<string, unknown>[] | null {
  if (!previous || previous.length !== items.length) return null;
  const changed: Record<string, unknown>[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === previous[i]) continue;
    const key = keyOf(item);
    if (key !== keyOf(previous[i]) || !collection.has(key)) return null;
    changed.push(item);
  }
  return changed;
}

/** Makes one collection hold exactly these items, touching only what differs. */
function applyCollection(
  collection: Collection,
  items: Record<string, unknown>[],
  keyOf: (item: Record<string, unknown>) => string,
  previous?: Record<string, unknown>[],
) {
  // Nothing added, removed or reordered: the changed elements keep their place, and the other
  // thousands are not read at all (sorting them by order alone costs tens of milliseconds).
  const inPlace = changedInPlace(collection, items, keyOf, previous);
  if (inPlace) {
    for (const item of inPlace) {
      const element = collection.get(keyOf(item))!;
      setProperties(element, item, orderOf(element));
    }
    return;
  }
  // Elements that are the very same object as in the previous document did not change (the editor's documents are immutable).
  const unchanged = new Set(previous ?? []);
  const wanted = new Map(items.map((item) => [keyOf(item), item]));
  for (const key of [...collection.keys()]) if (!wanted.has(key)) collection.delete(key);
  const current = sortedKeys(collection);
  const kept = items.map(keyOf).filter((key) => collection.has(key));
  const sameOrder = kept.length === current.length && kept.every((key, i) => key === current[i]);
  // Same relative order: existing elements keep their number, new ones go between their neighbours.
  // Otherwise (a reorder) every element is numbered by its place.
  const orders: number[] = [];
  if (sameOrder) {
    // The order of the next element that exists already, for each place (one pass from the end).
    const nextExisting: (number | undefined)[] = Array.from({ length: items.length }, () => undefined);
    let after: number | undefined;
    for (let i = items.length - 1; i >= 0; i--) {
      nextExisting[i] = after;
      const existing = collection.get(keyOf(items[i]));
      if (existing) after = orderOf(existing);
    }
    let previous = -1;
    items.forEach((item, i) => {
      const existing = collection.get(keyOf(item));
      if (existing) previous = orderOf(existing);
      else {
        const next = nextExisting[i];
        previous = next === undefined ? Math.floor(previous) + 1 : (previous + next) / 2;
      }
      orders.push(previous);
    });
  } else {
    items.forEach((_, i) => orders.push(i));
  }
  items.forEach((item, i) => {
    const key = keyOf(item);
    const existing = collection.get(key);
    if (existing) {
      if (unchanged.has(item)) {
        if (existing.get(ORDER_KEY) !== orders[i]) existing.set(ORDER_KEY, orders[i]);
      } else setProperties(existing, item, orders[i]);
    } else {
      // A new Y.Map is filled before it joins the document (reading it before would warn).
      const element = new Y.Map<unknown>();
      for (const [property, value] of Object.entries(item)) if (value !== undefined) element.set(property, value);
      element.set(ORDER_KEY, orders[i]);
      collection.set(key, element);
    }
  });
}

function applyFlat(map: Y.Map<unknown>, values: Record<string, unknown>): void {
  for (const key of [...map.keys()]) if (values[key] === undefined) map.delete(key);
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && !sameValue(map.get(key), value)) map.set(key, value);
  }
}

/**
 * Makes the Y.Doc hold this JSON document, as one transaction that changes only what differs
 * (an element's changed properties, added and removed elements). `origin` marks the transaction
 * (the editor's undo manager tracks its own origin only). `previous`, when given, is the document
 * the Y.Doc holds now: its elements that `next` still has as the very same objects are not looked at.
 */
export function applyDocument(doc: Y.Doc, next: LiveDocument, origin: unknown = null, previous?: LiveDocument): void {
  const roots = rootsOf(doc);
  type Items = Record<string, unknown>[];
  const items = (list: unknown) => list as Items;
  doc.transact(() => {
    applyCollection(roots.nodes, items(next.nodes), (n) => String(n.id), items(previous?.nodes));
    applyCollection(roots.connections, items(next.connections), (c) => String(c.id), items(previous?.connections));
    applyCollection(roots.variables, items(next.variables), (v) => String(v.name), items(previous?.variables));
    if (next.settings !== previous?.settings) applyFlat(roots.settings, next.settings);
    if (roots.meta.get('version') !== next.version) roots.meta.set('version', next.version);
  }, origin);
}

function elementJson(element: ElementMap): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, value] of element.entries()) if (key !== ORDER_KEY) json[key] = value;
  return json;
}

/** Whether the Y.Doc holds a document yet (a new live document is filled from the JSON one). */
export function isEmptyLiveDocument(doc: Y.Doc): boolean {
  return !rootsOf(doc).meta.has('version');
}

/** The JSON document the Y.Doc holds now. */
export function readDocument(doc: Y.Doc): LiveDocument {
  const roots = rootsOf(doc);
  const read = (collection: Collection) => sortedKeys(collection).map((key) => elementJson(collection.get(key)!));
  return {
    version: (roots.meta.get('version') as number | undefined) ?? 1,
    settings: roots.settings.toJSON(),
    nodes: read(roots.nodes) as LiveDocument['nodes'],
    connections: read(roots.connections) as LiveDocument['connections'],
    variables: read(roots.variables) as LiveDocument['variables'],
  };
}

/**
 * Reads the Y.Doc into JSON again after each change, rebuilding only the elements that changed:
 * an unchanged element keeps its object (the editor's memoised views do not redraw it).
 */
/** Fills defaults into what a mirror reads (the editor's model has every field the engine's schema defaults). */
export interface MirrorNormalizer {
  node?: (node: Record<string, unknown>) => Record<string, unknown>;
  connection?: (connection: Record<string, unknown>) => Record<string, unknown>;
  settings?: (settings: Record<string, unknown>) => Record<string, unknown>;
}

type ElementKind = 'node' | 'connection' | 'variable';

export class DocumentMirror {
  private cache = new WeakMap<ElementMap, Record<string, unknown>>();
  private current: LiveDocument | null = null;
  private settings: Record<string, unknown> | null = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly normalize: MirrorNormalizer = {},
  ) {}

  private json(element: ElementMap, kind: ElementKind): Record<string, unknown> {
    const json = elementJson(element);
    const fill = kind === 'node' ? this.normalize.node : kind === 'connection' ? this.normalize.connection : undefined;
    return fill ? fill(json) : json;
  }

  private settingsJson(): Record<string, unknown> {
    const settings = rootsOf(this.doc).settings.toJSON();
    return this.normalize.settings ? this.normalize.settings(settings) : settings;
  }

  /** Marks elements changed by these Yjs events (from `observeDeep` on the root maps). */
  changed(events: Y.YEvent<Y.AbstractType<unknown>>[]): void {
    for (const event of events) if (event.target instanceof Y.Map) this.cache.delete(event.target as ElementMap);
    this.current = null;
  }

  /**
   * Reads the Y.Doc, keeping the objects of `shown` (the document a tab shows) wherever the Y.Doc
   * holds the same: the same element keeps its object, and when nothing differs `shown` itself is
   * the answer.
   */
  adopt(shown: LiveDocument): LiveDocument {
    const roots = rootsOf(this.doc);
    type Item = Record<string, unknown>;
    const seed = (collection: Collection, items: Item[], kind: ElementKind) => {
      for (const item of items) {
        const element = collection.get(String(kind === 'variable' ? item.name : item.id));
        if (element && sameElement(this.json(element, kind), item)) this.cache.set(element, item);
      }
    };
    const items = (list: unknown) => list as Item[];
    seed(roots.nodes, items(shown.nodes), 'node');
    seed(roots.connections, items(shown.connections), 'connection');
    seed(roots.variables, items(shown.variables), 'variable');
    if (sameElement(this.settingsJson(), shown.settings)) this.settings = shown.settings;
    this.current = null;
    const read = this.read();
    const same = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((item, i) => item === b[i]);
    const unchanged =
      read.version === shown.version &&
      read.settings === shown.settings &&
      same(read.nodes, shown.nodes) &&
      same(read.connections, shown.connections) &&
      same(read.variables, shown.variables);
    if (unchanged) this.current = shown;
    return this.current!;
  }

  read(): LiveDocument {
    if (this.current) return this.current;
    const roots = rootsOf(this.doc);
    const read = (collection: Collection, kind: ElementKind) =>
      sortedKeys(collection).map((key) => {
        const element = collection.get(key)!;
        let json = this.cache.get(element);
        if (!json) {
          json = this.json(element, kind);
          this.cache.set(element, json);
        }
        return json;
      });
    const settings = this.settingsJson();
    if (!this.settings || !sameElement(this.settings, settings)) this.settings = settings;
    this.current = {
      version: (roots.meta.get('version') as number | undefined) ?? 1,
      settings: this.settings,
      nodes: read(roots.nodes, 'node') as LiveDocument['nodes'],
      connections: read(roots.connections, 'connection') as LiveDocument['connections'],
      variables: read(roots.variables, 'variable') as LiveDocument['variables'],
    };
    return this.current;
  }
}

/**
 * `next` with every element (and the settings) that `previous` holds the same replaced by
 * `previous`'s object, so documents kept side by side (the versions of one diagram) share what did
 * not change between them: fifty versions of an edited diagram cost about one document. Neither
 * document may be changed afterwards.
 */
export function shareUnchanged(previous: LiveDocument | null, next: LiveDocument): LiveDocument {
  if (!previous) return next;
  type Item = Record<string, unknown>;
  const share = (before: Item[], after: Item[], keyOf: (item: Item) => string): Item[] => {
    const known = new Map(before.map((item) => [keyOf(item), item]));
    return after.map((item) => {
      const same = known.get(keyOf(item));
      return same && sameElement(same, item) ? same : item;
    });
  };
  const byId = (item: Item) => String(item.id);
  return {
    ...next,
    settings: sameElement(previous.settings, next.settings) ? previous.settings : next.settings,
    nodes: share(previous.nodes, next.nodes, byId) as LiveDocument['nodes'],
    connections: share(previous.connections, next.connections, byId) as LiveDocument['connections'],
    variables: share(previous.variables, next.variables, (v) => String(v.name)) as LiveDocument['variables'],
  };
}

/** Drops what a merge of two people's edits can leave dangling: connections to a node one of them deleted. */
export function withoutDanglingConnections<D extends LiveDocument>(document: D): D {
  const nodes = new Set(document.nodes.map((n) => n.id));
  const ids = new Set([...nodes, ...document.connections.map((c) => c.id)]);
  const connections = document.connections.filter((c) => {
    const { from, to } = c as unknown as { from: string; to: string };
    return ids.has(from) && ids.has(to);
  });
  return connections.length === document.connections.length ? document : { ...document, connections };
}

/**
 * Someone's saved document as one change to the live one: what they changed since the document
 * they started from (`base`) is applied to what everyone has now (`live`); the rest of the live
 * document stays as it is. Without a base, their document replaces the live one.
 */
export function mergeChange(live: LiveDocument, base: LiveDocument | null, next: LiveDocument): LiveDocument {
  if (!base) return next;
  type Item = Record<string, unknown>;
  const merge = (liveItems: Item[], baseItems: Item[], nextItems: Item[], keyOf: (item: Item) => string): Item[] => {
    const before = new Map(baseItems.map((item) => [keyOf(item), item]));
    const after = new Map(nextItems.map((item) => [keyOf(item), item]));
    const result: Item[] = [];
    for (const item of liveItems) {
      const key = keyOf(item);
      const was = before.get(key);
      const now = after.get(key);
      if (was && !now) continue; // they removed it
      if (!was) {
        result.push(now ?? item); // they added it too: theirs is the later change
        continue;
      }
      if (!now) {
        result.push(item);
        continue;
      }
      const merged: Item = { ...item };
      for (const property of new Set([...Object.keys(was), ...Object.keys(now)])) {
        if (!sameValue(was[property], now[property])) {
          if (now[property] === undefined) delete merged[property];
          else merged[property] = now[property];
        }
      }
      result.push(merged);
    }
    const present = new Set(liveItems.map(keyOf));
    for (const item of nextItems) if (!before.has(keyOf(item)) && !present.has(keyOf(item))) result.push(item);
    return result;
  };
  const settings: Item = { ...live.settings };
  for (const key of new Set([...Object.keys(base.settings), ...Object.keys(next.settings)])) {
    if (!sameValue(base.settings[key], next.settings[key])) {
      if (next.settings[key] === undefined) delete settings[key];
      else settings[key] = next.settings[key];
    }
  }
  const byId = (item: Item) => String(item.id);
  return {
    version: next.version,
    settings,
    nodes: merge(live.nodes, base.nodes, next.nodes, byId) as LiveDocument['nodes'],
    connections: merge(live.connections, base.connections, next.connections, byId) as LiveDocument['connections'],
    variables: merge(live.variables, base.variables, next.variables, (v) =>
      String(v.name),
    ) as LiveDocument['variables'],
  };
}

/**
 * A save that reached the JSON document without the live one, brought into it: like mergeChange,
 * except that a property changed live since `base` keeps its live value (that edit is as recent).
 */
export function mergeMissedChange(live: LiveDocument, base: LiveDocument, next: LiveDocument): LiveDocument {
  type Item = Record<string, unknown>;
  const keepLive = (liveItem: Item | undefined, baseItem: Item | undefined, nextItem: Item): Item => {
    if (!liveItem || !baseItem) return nextItem;
    const kept: Item = { ...nextItem };
    for (const property of new Set([...Object.keys(baseItem), ...Object.keys(liveItem)])) {
      if (sameValue(liveItem[property], baseItem[property])) continue;
      if (liveItem[property] === undefined) delete kept[property];
      else kept[property] = liveItem[property];
    }
    return kept;
  };
  const items = (liveItems: Item[], baseItems: Item[], nextItems: Item[], keyOf: (item: Item) => string) => {
    const now = new Map(liveItems.map((item) => [keyOf(item), item]));
    const was = new Map(baseItems.map((item) => [keyOf(item), item]));
    return nextItems.map((item) => keepLive(now.get(keyOf(item)), was.get(keyOf(item)), item));
  };
  const byId = (item: Item) => String(item.id);
  const untouched: LiveDocument = {
    ...next,
    settings: keepLive(live.settings, base.settings, next.settings),
    nodes: items(live.nodes, base.nodes, next.nodes, byId) as LiveDocument['nodes'],
    connections: items(live.connections, base.connections, next.connections, byId) as LiveDocument['connections'],
    variables: items(live.variables, base.variables, next.variables, (v) =>
      String(v.name),
    ) as LiveDocument['variables'],
  };
  return mergeChange(live, base, untouched);
}

/** The server notes in the live document which version of the JSON document holds it now (editors read it). */
export function markSavedVersion(doc: Y.Doc, version: number, origin: unknown = null): void {
  const meta = rootsOf(doc).meta;
  if (meta.get('savedVersion') !== version) doc.transact(() => meta.set('savedVersion', version), origin);
}

export function savedVersionOf(doc: Y.Doc): number | null {
  const version = rootsOf(doc).meta.get('savedVersion');
  return typeof version === 'number' ? version : null;
}
