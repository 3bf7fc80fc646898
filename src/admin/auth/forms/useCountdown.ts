import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may be repeated; `start` restarts it from `seconds`. */
export function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, isRunning: remaining > 0, start };
}
