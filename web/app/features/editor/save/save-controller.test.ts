import { DiagramTexts } from '@loopwright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDiagram, newNode } from '../model/defaults';
import { EditorStore } from '../model/editor-store';
import { addNode, updateNode } from '../model/ops';
import type { EditorDiagram } from '../model/types';
import { readDraft } from './drafts';
import { SAVE_TEXTS, SaveController } from './save-controller';

const FUID = 'AbC123';
const SAVED_AT = '2026-11-26T12:00:00.000Z';

interface SaveBody {
  baseVersion: number;
  document: EditorDiagram;
  autosave: boolean;
}

/**
 * The diagrams API as the save controller meets it through the browser's fetch: saves with optimistic
 * versions (409 when the base is not the current version), the diagram's current version, and the
 * ways a server can fail (unreachable, refusing the document, answering late).
 */
function fakeServer(initialVersion: number) {
  const server = {
    version: initialVersion,
    saves: [] as SaveBody[],
    mode: 'up' as 'up' | 'unreachable' | 'refusing',
    /** While set, save answers wait for it. */
    hold: null as Promise<void> | null,
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    if (server.mode === 'unreachable') throw new TypeError('fetch failed');
    const path = new URL(url, 'http://app.test').pathname;
    if (init.method === 'PUT' && path.endsWith(`/diagrams/${FUID}/document`)) {
      const body = JSON.parse(init.body as string) as SaveBody;
      server.saves.push(body);
      if (server.hold) await server.hold;
      if (server.mode === 'refusing')
        return json(400, { error: { code: 'VALIDATION_FAILED', message: 'The document is not valid' } });
      if (body.baseVersion !== server.version)
        return json(409, { error: { code: 'VERSION_CONFLICT', message: DiagramTexts.versionConflict } });
      server.version += 1;
      return json(200, { success: true, content: { version: server.version, savedAt: SAVED_AT } });
    }
    if (init.method === 'GET' && path.endsWith(`/diagrams/${FUID}`))
      return json(200, { success: true, content: { diagram: { version: server.version, savedAt: SAVED_AT } } });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  };
  return { server, fetch };
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const withPool = () => addNode(emptyDiagram(), newNode('pool', 'p1', 'Pool 1', 0, 0));
const rename = (store: EditorStore, name: string) => store.edit((doc) => updateNode(doc, 'p1', { name }));

describe('the save controller', () => {
  let server: ReturnType<typeof fakeServer>['server'];
  let page: EventTarget;
  let store: EditorStore;
  let controller: SaveController | undefined;
  const start = (options: { version?: number; dirty?: boolean; doc?: EditorDiagram } = {}) => {
    store = new EditorStore(options.doc ?? withPool());
    controller = new SaveController(FUID, store, options.version ?? 3, options.dirty ?? false);
    return controller;
  };
  const status = () => controller!.state.get().status;

  beforeEach(() => {
    vi.useFakeTimers();
    const fake = fakeServer(3);
    server = fake.server;
    page = new EventTarget();
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    vi.stubGlobal('window', page);
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    controller?.dispose();
    controller = undefined;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('autosaves 1.2 s after the last change, keeping a draft until the server has the document', async () => {
    const save = start();
    expect(status()).toBe('clean');
    rename(store, 'Gold');
    expect(status()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(500);
    expect(readDraft(FUID)).toMatchObject({ baseVersion: 3, doc: { nodes: [{ name: 'Gold' }] } });
    rename(store, 'Golden'); // the wait starts again
    await vi.advanceTimersByTimeAsync(1100);
    expect(server.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    await save.settled();

    expect(server.saves).toEqual([{ baseVersion: 3, document: store.doc, autosave: true }]);
    expect(save.state.get()).toMatchObject({ status: 'saved', baseVersion: 4, savedAt: SAVED_AT, message: null });
    expect(readDraft(FUID)).toBeNull();
    expect(save.dirty).toBe(false);
  });

  it('does not count a selection as a change', async () => {
    start();
    store.select({ nodes: ['p1'], connections: [] });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(status()).toBe('clean');
    expect(server.saves).toEqual([]);
  });

  it('saves what changed during a save in flight with the version that save returned', async () => {
    const save = start();
    let answer!: () => void;
    server.hold = new Promise((resolve) => (answer = resolve));
    rename(store, 'Gold');
    await vi.advanceTimersByTimeAsync(1200);
    expect(status()).toBe('saving');
    rename(store, 'Silver');
    server.hold = null;
    answer();
    await save.settled();
    expect(save.state.get()).toMatchObject({ status: 'dirty', baseVersion: 4 });
    expect(readDraft(FUID)).toMatchObject({ baseVersion: 4, doc: { nodes: [{ name: 'Silver' }] } });

    await vi.advanceTimersByTimeAsync(1200);
    await save.settled();
    expect(server.saves.map((s) => [s.baseVersion, s.document.nodes[0].name])).toEqual([
      [3, 'Gold'],
      [4, 'Silver'],
    ]);
    expect(save.state.get()).toMatchObject({ status: 'saved', baseVersion: 5 });
  });

  it('opens a conflict when someone else saved first, stops autosaving, and overrides only when told', async () => {
    const save = start();
    server.version = 6; // another editor saved versions 4 to 6
    rename(store, 'Gold');
    await vi.advanceTimersByTimeAsync(1200);
    await save.settled();
    expect(save.state.get()).toMatchObject({
      status: 'conflict',
      message: DiagramTexts.versionConflict,
      conflict: { currentVersion: 6, savedAt: SAVED_AT },
    });

    rename(store, 'Golden');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.saves).toHaveLength(1);

    await save.save({ force: true });
    expect(server.saves[1]).toMatchObject({ baseVersion: 6, document: { nodes: [{ name: 'Golden' }] } });
    expect(save.state.get()).toMatchObject({ status: 'saved', baseVersion: 7, conflict: null });
  });

  it('says the connection is unstable and retries after 2, then 4 seconds until the server answers', async () => {
    const save = start();
    server.mode = 'unreachable';
    rename(store, 'Gold');
    await vi.advanceTimersByTimeAsync(1200);
    await save.settled();
    expect(save.state.get()).toMatchObject({ status: 'unstable', message: SAVE_TEXTS.unstable });
    expect(readDraft(FUID)).toMatchObject({ doc: { nodes: [{ name: 'Gold' }] } });

    const tries = () => vi.mocked(fetch).mock.calls.length;
    await vi.advanceTimersByTimeAsync(1999);
    expect(tries()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries()).toBe(2);
    server.mode = 'up';
    await vi.advanceTimersByTimeAsync(4000);
    await save.settled();
    expect(save.state.get()).toMatchObject({ status: 'saved', baseVersion: 4 });
    expect(readDraft(FUID)).toBeNull();
  });

  it('shows why the server refused the document, and does not retry it', async () => {
    const save = start();
    server.mode = 'refusing';
    rename(store, 'Gold');
    await vi.advanceTimersByTimeAsync(1200);
    await save.settled();
    expect(save.state.get()).toMatchObject({ status: 'dirty', message: 'The document is not valid' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.saves).toHaveLength(1);
  });

  it('does not autosave an empty graph, but saves it when asked', async () => {
    const save = start();
    store.edit((doc) => ({ ...doc, nodes: [] }));
    await vi.advanceTimersByTimeAsync(1200);
    expect(save.state.get()).toMatchObject({ status: 'dirty', message: DiagramTexts.emptyGraph });
    expect(server.saves).toEqual([]);
    await save.save();
    expect(server.saves).toEqual([{ baseVersion: 3, document: store.doc, autosave: false }]);
    expect(status()).toBe('saved');
  });

  it('waits for a drag to end before sending', async () => {
    const save = start();
    store.setDragging(true);
    rename(store, 'Gold');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(server.saves).toEqual([]);
    store.setDragging(false);
    await vi.advanceTimersByTimeAsync(250);
    await save.settled();
    expect(server.saves).toHaveLength(1);
  });

  it('saves a document restored from a draft (dirty from the start) without a further change', async () => {
    const save = start({ dirty: true, version: 3 });
    expect(status()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1200);
    await save.settled();
    expect(server.saves).toHaveLength(1);
    expect(status()).toBe('saved');
  });

  it('writes a pending draft at once when the page is left', () => {
    start();
    rename(store, 'Gold');
    expect(readDraft(FUID)).toBeNull();
    page.dispatchEvent(new Event('pagehide'));
    expect(readDraft(FUID)).toMatchObject({ baseVersion: 3, doc: { nodes: [{ name: 'Gold' }] } });
  });

  it('starts clean again after a reload from the server', async () => {
    const save = start();
    rename(store, 'Gold');
    save.reset(9, SAVED_AT);
    expect(save.state.get()).toMatchObject({ status: 'clean', baseVersion: 9, savedAt: SAVED_AT });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.saves).toEqual([]);
    expect(readDraft(FUID)).toBeNull();
  });
});
