/**
 * The login and register dialog (spec section 2, dialogs: "Login and register, as tabs"). Loaded by the
 * banner's account area on the first click of 登录 or 注册, so the hall ships React only then.
 */
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { readEmbeddedApiBases } from '@shared/api/bases';
import { createApiClient, type ApiClient } from '@shared/api/client';
import { identityMessages as m } from '@shared/validation/identity';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@shared/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@shared/ui/tabs';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { LoginPanel } from './login-form';
import { RegisterPanel } from './register-form';
import '@shared/ui/ui.css';
import '@shared/ui/form.css';
import './account-dialog.css';

export type AccountTab = 'login' | 'register';

export interface AccountDialogProps {
  api: ApiClient;
  open: boolean;
  tab: AccountTab;
  onTabChange: (tab: AccountTab) => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the dialog closes. */
  returnFocusTo?: HTMLElement | null;
  /** Why the dialog opened by itself (the page guard: '请先登录'). */
  notice?: string | undefined;
}

export function AccountDialog({
  api,
  open,
  tab,
  onTabChange,
  onOpenChange,
  returnFocusTo,
  notice,
}: AccountDialogProps) {
  const [registered, setRegistered] = useState(false);
  // A fresh form (cleared fields, new captcha) each time the dialog opens.
  const [generation, setGeneration] = useState(0);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setRegistered(false);
          setGeneration((n) => n + 1);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="account-dialog"
        aria-describedby="account-dialog-description"
        onOpenAutoFocus={(event) => {
          // Straight to the first field of the chosen tab rather than the tab list.
          const first = document.getElementById(tab === 'login' ? 'login-username' : 'register-loginname');
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          // The trigger lives outside React (the banner's static HTML): give focus back by hand.
          if (returnFocusTo) {
            event.preventDefault();
            returnFocusTo.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{tab === 'login' ? '用户登录' : '用户注册'}</DialogTitle>
          <DialogDescription id="account-dialog-description">
            测绘中介机构与建设单位登录或注册测绘中介服务网上办事大厅
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(value) => onTabChange(value === 'register' ? 'register' : 'login')}>
          <TabsList aria-label="登录或注册">
            <TabsTrigger value="login">登录</TabsTrigger>
            <TabsTrigger value="register">注册</TabsTrigger>
          </TabsList>
          <TabsContent value="login" forceMount hidden={tab !== 'login'}>
            {notice && !registered ? (
              <p className="ui-status-message" role="status">
                {notice}
              </p>
            ) : null}
            {registered ? (
              <p className="ui-status-message ui-status-message--success" role="status">
                {m.registerSuccess}
              </p>
            ) : null}
            <LoginPanel key={`login-${generation}`} api={api} />
          </TabsContent>
          {/* Both panels stay mounted: switching tabs keeps what was typed. */}
          <TabsContent value="register" forceMount hidden={tab !== 'register'}>
            <RegisterPanel
              key={`register-${generation}`}
              api={api}
              onRegistered={() => {
                setRegistered(true);
                onTabChange('login');
              }}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

let root: Root | undefined;
let api: ApiClient | undefined;
let state: { open: boolean; tab: AccountTab; returnFocusTo: HTMLElement | null; notice?: string } = {
  open: false,
  tab: 'login',
  returnFocusTo: null,
};

function render() {
  if (!root) {
    const container = document.createElement('div');
    container.dataset.accountDialogRoot = '';
    document.body.append(container);
    root = createRoot(container);
  }
  api ??= createApiClient({ bases: readEmbeddedApiBases(document) });
  root.render(
    <AccountDialog
      api={api}
      open={state.open}
      tab={state.tab}
      returnFocusTo={state.returnFocusTo}
      notice={state.notice}
      onTabChange={(tab) => {
        state = { ...state, tab };
        render();
      }}
      onOpenChange={(open) => {
        state = { ...state, open };
        render();
      }}
    />,
  );
}

/** Opens the dialog on `tab`; focus returns to `trigger` when it closes; `notice` says why it opened. */
export function openAccountDialog(
  tab: AccountTab,
  trigger: HTMLElement | null = null,
  notice?: string,
): void {
  state = { open: true, tab, returnFocusTo: trigger, ...(notice ? { notice } : {}) };
  render();
}

/** Spec section 8: logout confirmation (the console's header asks the same, console/lib/i18n.ts). */
export const LOGOUT_TITLE = '退出登录';
export const LOGOUT_CONFIRM = '您确定要退出登录吗?';

let logoutRoot: Root | undefined;

/**
 * Asks in the hall's styled dialog (not the browser's confirm) whether to log out; resolves true
 * when the user confirms. Focus goes back to `trigger` when the user stays.
 */
export function confirmLogout(trigger: HTMLElement | null): Promise<boolean> {
  if (!logoutRoot) {
    const container = document.createElement('div');
    container.dataset.logoutDialogRoot = '';
    document.body.append(container);
    logoutRoot = createRoot(container);
  }
  const root = logoutRoot;
  return new Promise((resolve) => {
    const close = (confirmed: boolean) => {
      root.render(null);
      if (!confirmed) trigger?.focus();
      resolve(confirmed);
    };
    root.render(
      <ConfirmDialog
        open
        title={LOGOUT_TITLE}
        description={LOGOUT_CONFIRM}
        onCancel={() => close(false)}
        onConfirm={() => close(true)}
      />,
    );
  });
}
