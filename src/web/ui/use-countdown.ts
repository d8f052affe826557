/**
 * Time left until the attempt's deadline, on the server's clock, ticking once a second. Calls
 * `onTimeUp` once when it reaches zero (also when the page opens after the deadline), and once
 * more should a later deadline (a reopen, extra time) run out in its turn.
 */
import { useEffect, useRef, useState } from 'react';
import type { ServerClock } from './server-clock.ts';

export function useCountdown(deadline: number, clock: ServerClock, onTimeUp: () => void): number {
  const [remaining, setRemaining] = useState(() => deadline - clock.now());
  const fired = useRef(false);
  const callback = useRef(onTimeUp);
  useEffect(() => {
    callback.current = onTimeUp;
  }, [onTimeUp]);

  useEffect(() => {
    const tick = () => {
      const left = deadline - clock.now();
      setRemaining(left);
      if (left > 0) fired.current = false;
      if (left <= 0 && !fired.current) {
        fired.current = true;
        callback.current();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline, clock]);

  return remaining;
}
