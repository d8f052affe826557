/**
 * Events from the compiler page in the frame, accepted only from that frame's window and origin
 * and only in the agreed shape (src/contract/compiler-events.ts).
 */
import { useEffect, useState, type RefObject } from 'react';
import { compilerEventSchema, type CompilerEvent } from '../../../contract/compiler-events.ts';

export function useCompilerFrameEvents(
  frame: RefObject<HTMLIFrameElement | null>,
  frameUrl: string | undefined,
): CompilerEvent | undefined {
  const [last, setLast] = useState<CompilerEvent>();
  useEffect(() => {
    if (!frameUrl) return;
    const origin = new URL(frameUrl, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const parsed = compilerEventSchema.safeParse(event.data);
      if (parsed.success) setLast(parsed.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, frameUrl]);
  return last;
}
