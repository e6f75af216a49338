import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'loopwright:isPublic';

/** Opens a route to callers without a session or API key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
