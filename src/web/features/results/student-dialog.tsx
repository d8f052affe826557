/**
 * The frame of the dialogs Results opens over its table for one student (their submissions, their
 * exam events): always open while mounted, wide, near the top, a title and a Close button; closing
 * it (Escape, the button, the backdrop) calls `onClose`, which takes the student out of the address.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import '../../ui/dialog.css';

type Props = {
  title: string;
  /** Extra class of the dialog's content, besides `dialog dialog--wide`. */
  className?: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
};

export function StudentDialog({ title, className, testId, onClose, children }: Props) {
  return (
    <Dialog.Root
      open
      lazyMount
      unmountOnExit
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner dialog-positioner--top">
          <Dialog.Content
            className={className ? `dialog dialog--wide ${className}` : 'dialog dialog--wide'}
            data-testid={testId}
          >
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <Dialog.CloseTrigger className="button button--secondary">
                {messages.closeDialog}
              </Dialog.CloseTrigger>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
