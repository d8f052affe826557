/**
 * A modal dialog holding a small form (a course's fields, a new section, a course's staff): an Ark
 * UI Dialog, so focus moves in, stays in and goes back to the button that opened it, and Escape
 * closes it. The first field takes focus (Ark's default: the first focusable element).
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import './dialog.css';

export function FormDialog({
  open,
  title,
  description,
  onClose,
  children,
  small = true,
}: {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  small?: boolean;
}) {
  return (
    <Dialog.Root
      open={open}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className={small ? 'dialog dialog--small' : 'dialog'}>
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="dialog__description">{description}</Dialog.Description>
            ) : null}
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
