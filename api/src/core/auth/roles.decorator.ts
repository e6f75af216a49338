import { SetMetadata } from '@nestjs/common';

export const REQUIRED_ROLE = 'loopwright:role';

/** Only callers with this role may use the route (checked by the global AuthGuard). */
export const RequireRole = (role: 'admin') => SetMetadata(REQUIRED_ROLE, role);
