import { DriveTexts } from '@loopwright/contracts';
import { useCallback, useEffect, useState } from 'react';
import { api, UserMessageError } from '../../lib/api-client';
import { driveApi } from './drive-api';

/** Where the pop-up lands after Google: the diagram list sees this flag and closes the pop-up. */
export const DRIVE_POPUP_FLAG = 'drive-popup';

/** Whether this instance offers Drive (Google OAuth configured) and whether the user connected it. */
export function useDriveStatus(): { available: boolean; connected: boolean; refresh: () => Promise<boolean> } {
  const [state, setState] = useState({ available: false, connected: false });
  const refresh = useCallback(async () => {
    try {
      const next = await driveApi.status();
      setState(next);
      return next.connected;
    } catch {
      return false;
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { ...state, refresh };
}

/**
 * Asks Google for the Drive scope in a pop-up (the page keeps its unsaved state) and resolves once
 * the server reports the connection (or after 3 minutes). The pop-up's handle cannot be trusted
 * (the provider's pages may sever it), so the status is polled. Throws the spec's pop-up blocker
 * message when the browser refused the pop-up.
 */
export function connectDrive(): Promise<void> {
  const url = api.drive.connect.url({ query: { returnTo: `/diagrams?${DRIVE_POPUP_FLAG}=1` } });
  const popup = window.open(url, 'loopwright-drive', 'popup,width=520,height=680');
  if (!popup) return Promise.reject(new UserMessageError(DriveTexts.popupBlocked));
  const until = Date.now() + 180_000;
  return new Promise((resolve) => {
    const check = () => {
      driveApi
        .status()
        .then(
          (s) => s.connected,
          () => false,
        )
        .then(
          (connected) => {
            if (connected || Date.now() > until) {
              if (!popup.closed) popup.close();
              resolve();
            } else window.setTimeout(check, 700);
          },
          () => resolve(),
        );
    };
    window.setTimeout(check, 700);
  });
}

/** In the pop-up, back from Google: close it (it may stay open where the browser refuses; the list then shows). */
export function closeDrivePopup(params: URLSearchParams): boolean {
  if (!params.has(DRIVE_POPUP_FLAG) || typeof window === 'undefined') return false;
  window.close();
  return true;
}
