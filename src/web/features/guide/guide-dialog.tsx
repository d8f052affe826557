/**
 * 'How It Works' (spec §2): a modal titled 'Portal Guide' with the video guide recorded from the
 * real app by scripts/make-guide-video.ts. Ark UI's Dialog traps focus, closes on Escape and gives
 * focus back to the button. This module is a lazy chunk loaded by the button (guide-launcher.tsx)
 * when a student asks for it, and the dialog's content (the video) is mounted only while open.
 */
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { messages } from '../../../contract/messages.ts';
import '../../ui/dialog.css';
import './guide.css';

export const GUIDE_VIDEO_SRC = '/guide/portal-guide.webm';
export const GUIDE_CAPTIONS_SRC = '/guide/portal-guide.vtt';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'How It Works' button, which gets the focus back when the dialog closes. */
  trigger: () => HTMLElement | null;
};

export function GuideDialog({ open, onOpenChange, trigger }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={trigger}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className="dialog">
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{messages.portalGuide}</Dialog.Title>
              <Dialog.CloseTrigger
                className="icon-button"
                aria-label={messages.closeGuide}
                type="button"
              >
                <svg
                  viewBox="0 0 16 16"
                  width="16"
                  height="16"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M3 3l10 10M13 3L3 13"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </Dialog.CloseTrigger>
            </div>
            <Dialog.Description className="muted dialog__description">
              {messages.guideDescription}
            </Dialog.Description>
            <div className="guide-video">
              <video
                className="guide-video__player"
                controls
                preload="metadata"
                playsInline
                width={1280}
                height={800}
                aria-label={messages.guideVideoLabel}
              >
                <source src={GUIDE_VIDEO_SRC} type="video/webm" />
                <track
                  kind="captions"
                  src={GUIDE_CAPTIONS_SRC}
                  srcLang="en"
                  label={messages.captionsLabel}
                  default
                />
                {messages.guideVideoFallback}
              </video>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
