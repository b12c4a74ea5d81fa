import { SPINNER } from '@sodalis/contracts';
import { useEffect, useState } from 'react';
import { LOADING_COPY } from '../copy/site';
import { useActiveRequests } from '../state/loading';

/**
 * The loading overlay of spec §2.2/§9 (ball-scale-multiple): shown while API requests run,
 * after a 10 ms delay so instant answers do not flash it; fades in 300 ms, out 200 ms.
 */
export function SpinnerOverlay() {
  const active = useActiveRequests() > 0;
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setDelayPassed(true), SPINNER.delayMs);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [active]);
  const visible = active && delayPassed;

  return (
    <div
      className={`spinner-overlay${visible ? ' spinner-overlay--visible' : ''}`}
      style={{ zIndex: SPINNER.zIndex }}
      aria-hidden={!visible}
      data-testid="spinner-overlay"
    >
      <div className="ball-scale-multiple" role="status">
        <div />
        <div />
        <div />
        {visible ? <span className="visually-hidden">{LOADING_COPY}</span> : null}
      </div>
    </div>
  );
}
