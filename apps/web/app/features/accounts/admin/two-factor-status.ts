import { type TwoFactorStatus } from '@sodalis/contracts';
import { useEffect, useState } from 'react';
import { adminJson } from '../../admin/data-provider';

/** The staff security API (ADR 017), read by the gate and the security screen. */
export const SECURITY_API = '/api/v1/Admin/Security';

/** This staff member's two-factor state, with a function that reads it again. */
export function useTwoFactorStatus(): [TwoFactorStatus | null | 'error', () => void] {
  const [status, setStatus] = useState<TwoFactorStatus | null | 'error'>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    adminJson<TwoFactorStatus>(`${SECURITY_API}/TwoFactor`).then(
      (answer) => live && setStatus(answer),
      () => live && setStatus('error'),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return [status, () => setVersion((value) => value + 1)];
}
