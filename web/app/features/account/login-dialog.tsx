import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { LoginDialogPayload } from './login-dialog-payload';

const LoginDialog = lazy(() => import('./login-dialog-panel'));

/** Non-React code can open the dialog too: `window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: { sourceAction } }))`. */
export const OPEN_LOGIN_DIALOG_EVENT = 'loopwright:open-login-dialog';

export type { LoginDialogPayload } from './login-dialog-payload';

interface DialogState {
  open: boolean;
  sourceAction: string;
  payload: LoginDialogPayload | null;
}

interface LoginDialogApi {
  /** Opens the dialog; its title reads "To {sourceAction}, please create a free public account". */
  openLoginDialog: (sourceAction: string, payload?: LoginDialogPayload) => void;
  closeLoginDialog: () => void;
  isOpen: boolean;
}

const LoginDialogContext = createContext<LoginDialogApi | null>(null);

export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ open: false, sourceAction: '', payload: null });
  const openLoginDialog = useCallback((sourceAction: string, payload?: LoginDialogPayload) => {
    setState({ open: true, sourceAction, payload: payload ?? null });
  }, []);
  const closeLoginDialog = useCallback(() => setState((s) => ({ ...s, open: false })), []);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<{ sourceAction?: string; payload?: LoginDialogPayload }>).detail ?? {};
      openLoginDialog(detail.sourceAction || 'continue', detail.payload);
    };
    window.addEventListener(OPEN_LOGIN_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_LOGIN_DIALOG_EVENT, onOpen);
  }, [openLoginDialog]);

  const api = useMemo(
    () => ({ openLoginDialog, closeLoginDialog, isOpen: state.open }),
    [openLoginDialog, closeLoginDialog, state.open],
  );
  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      {state.open ? (
        <Suspense fallback={null}>
          <LoginDialog sourceAction={state.sourceAction} payload={state.payload} onClose={closeLoginDialog} />
        </Suspense>
      ) : null}
    </LoginDialogContext.Provider>
  );
}

export function useLoginDialog(): LoginDialogApi {
  const api = useContext(LoginDialogContext);
  if (!api) throw new Error('useLoginDialog must be used inside <LoginDialogProvider>');
  return api;
}

/** A button that asks a visitor to create an account before `sourceAction` ("like this diagram"). */
export function LoginDialogTrigger({
  sourceAction,
  payload,
  className = 'button button--primary',
  children,
}: {
  sourceAction: string;
  payload?: LoginDialogPayload;
  className?: string;
  children: ReactNode;
}) {
  const { openLoginDialog } = useLoginDialog();
  return (
    <button type="button" className={className} onClick={() => openLoginDialog(sourceAction, payload)}>
      {children}
    </button>
  );
}
