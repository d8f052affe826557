/**
 * A sitting's lifecycle in the teacher's lists of challenges and of exams (issue 32 item 2): its
 * status, and the action that moves it on: Publish a draft; Stop now (after a confirmation, since
 * it ends every student's attempt) or Back to draft a published one; Reopen a stopped one. The
 * list says how an action reaches the server (`change`).
 */
import { useState } from 'react';
import {
  sittingMessages as text,
  type LifecycleAction,
  type SittingState,
} from '../../contract/sittings.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { showFailure } from './show-failure.ts';
import { showSuccess } from './toast.ts';
import './lifecycle-actions.css';

type Props = {
  /** The test code the buttons and messages name (a challenge's id, an exam's code). */
  name: string;
  state: SittingState;
  change: (action: LifecycleAction) => Promise<SittingState>;
  onChange: (state: SittingState) => void;
};

const DONE: Record<LifecycleAction, string> = {
  publish: text.published,
  unpublish: text.unpublished,
  stop: text.stopped,
  reopen: text.reopened,
};

export function lifecycleStatus(state: SittingState): { label: string; tone: string } {
  if (state.lifecycle === 'draft') return { label: text.statusDraft, tone: 'draft' };
  if (state.stoppedAt) return { label: text.statusStopped, tone: 'stopped' };
  return { label: text.statusPublished, tone: 'published' };
}

export function LifecycleStatus({ state }: { state: SittingState }) {
  const { label, tone } = lifecycleStatus(state);
  return <span className={`status-badge status-badge--${tone}`}>{label}</span>;
}

export function LifecycleActions({ name, state, change, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [confirmingStop, setConfirmingStop] = useState(false);

  async function act(action: LifecycleAction) {
    setConfirmingStop(false);
    setBusy(true);
    try {
      onChange(await change(action));
      showSuccess(DONE[action].replace('{challengeId}', name));
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const button = (
    action: LifecycleAction,
    label: string,
    onClick: () => void = () => void act(action),
  ) => (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={busy}
      aria-label={`${label} ${name}`}
      onClick={onClick}
    >
      {label}
    </button>
  );

  return (
    <div className="lifecycle-actions">
      {state.lifecycle === 'draft'
        ? button('publish', text.publish)
        : state.stoppedAt
          ? button('reopen', text.reopen)
          : [
              <span key="stop">{button('stop', text.stop, () => setConfirmingStop(true))}</span>,
              <span key="unpublish">{button('unpublish', text.unpublish)}</span>,
            ]}
      <ConfirmDialog
        open={confirmingStop}
        title={text.stopTitle.replace('{challengeId}', name)}
        confirmLabel={text.stop}
        onConfirm={() => void act('stop')}
        onCancel={() => setConfirmingStop(false)}
      >
        {text.stopBody}
      </ConfirmDialog>
    </div>
  );
}
