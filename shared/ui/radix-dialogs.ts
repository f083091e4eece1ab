/**
 * Radix's dialogs, loaded by import() when a dialog first opens (see ./dialog.tsx): the module the
 * lazily loaded chunk is made of.
 */
export { AlertDialog, Dialog } from 'radix-ui';
