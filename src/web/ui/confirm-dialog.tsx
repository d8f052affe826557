/**
 * A confirmation for destructive actions (deleting a student or a challenge): an Ark UI Dialog
 * with role alertdialog, focus on Cancel first so Enter never deletes by accident.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { messages } from '../../contract/messages.ts';
import './dialog.css';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-confirm-cancel]')}
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className="dialog dialog--small">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Description className="dialog__description">{children}</Dialog.Description>
            <div className="actions actions--end">
              <button
                type="button"
                className="button button--secondary"
                data-confirm-cancel
                onClick={onCancel}
              >
                {messages.cancel}
              </button>
              <button type="button" className="button button--danger" onClick={onConfirm}>
                {confirmLabel}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
