/**
 * Under an exam, the compiler page's deadline as the exam screen around it says (issue 32): the
 * screen follows the exam's timer live and tells its frames (contract/compiler-events.ts), so a
 * stop, a reopen or extra time reaches every problem's page without a long poll per frame. Only
 * messages from the parent window of this page's own origin, in the agreed shape, count.
 */
import { useEffect, useState } from 'react';
import { examScreenMessageSchema } from '../../../contract/compiler-events.ts';

export function useExamDeadline(initial: string, enabled: boolean): string {
  const [told, setTold] = useState({ initial, deadline: initial });
  // A new deadline from the page itself (the statement read again) starts over from it.
  const deadline = told.initial === initial ? told.deadline : initial;

  useEffect(() => {
    if (!enabled) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== window.location.origin) return;
      const parsed = examScreenMessageSchema.safeParse(event.data);
      if (parsed.success) setTold({ initial, deadline: parsed.data.deadline });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [initial, enabled]);

  return deadline;
}
