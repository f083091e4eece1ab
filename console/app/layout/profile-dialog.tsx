import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@shared/auth/user';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@shared/ui/dialog';
import { Notice } from '@shared/ui/page';
import { zh } from '@console/lib/i18n';

/** What the profile dialog saves: the typed values, and the new password (as typed) when changed. */
export interface ProfileChanges {
  username: string;
  userphone: string;
  useremail: string;
  password?: string;
}

export interface ProfileDialogProps {
  user: CurrentUser;
  /** The control that opens the dialog. */
  trigger: ReactNode;
  /**
   * Saves the changes (PUT {uc}/user/{pkid}.json); rejects with an AppError whose message is shown.
   * Without it the dialog is the read-only variant (spec section 2: "one variant has a Modify button").
   */
  onSave?: (changes: ProfileChanges) => Promise<void>;
}

/** The details and the form, loaded with the first opening (./profile-body.tsx). */
const ProfileBody = lazy(() => import('./profile-body'));

/** The user profile dialog (spec section 2, dialogs; section 8, profile save). */
export function ProfileDialog({ user, trigger, onSave }: ProfileDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent aria-describedby="profile-description">
        <DialogHeader>
          <DialogTitle>{zh.profile.title}</DialogTitle>
          <DialogDescription id="profile-description">{zh.profile.description}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Notice>{zh.common.loading}</Notice>}>
          <ProfileBody user={user} {...(onSave ? { onSave } : {})} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
