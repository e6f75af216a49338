import type { Page, WebSocketRoute } from 'playwright-core';

/**
 * The page's live co-editing socket (/collab) goes through the test: while "offline" every socket is
 * closed at once and new ones are refused, while the rest of the app (pages, API) still answers, as
 * when the live server cannot be reached.
 */
export async function cuttableLiveSocket(page: Page) {
  let online = true;
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await page.routeWebSocket(/\/collab/, (ws) => {
    if (!online) return void ws.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
    open.push({ page: ws, server: ws.connectToServer() });
  });
  return {
    connections: () => open.length,
    offline: async () => {
      online = false;
      for (const { page: side, server } of open.splice(0)) {
        await server.close().catch(() => undefined);
        await side.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
      }
    },
    online: () => {
      online = true;
    },
  };
}
