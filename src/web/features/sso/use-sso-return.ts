/** Takes a single sign-on's return (sso-return.ts) once, when the page that receives it mounts. */
import { useEffect, useEffectEvent } from 'react';
import type { SsoAudience } from '../../../contract/oidc-links.ts';
import { takeSsoReturn, type OnSession } from './sso-return.ts';

export function useSsoReturn(audience: SsoAudience, on: OnSession): void {
  // The latest callbacks, without taking the return again when they change.
  const onStudent = useEffectEvent((session: Parameters<NonNullable<OnSession['student']>>[0]) =>
    on.student?.(session),
  );
  const onAdmin = useEffectEvent((session: Parameters<NonNullable<OnSession['admin']>>[0]) =>
    on.admin?.(session),
  );
  useEffect(() => {
    void takeSsoReturn(audience, { student: onStudent, admin: onAdmin });
  }, [audience]);
}
