import type { Request } from 'express';

/** The caller's role, as the auth layer attaches it (`caller`, or `user` from a Passport strategy). */
export function viewerRole(request: Request): string | undefined {
  const r = request as Request & { caller?: { role?: string }; user?: { role?: string } };
  return r.caller?.role ?? r.user?.role;
}

/** Drafts are shown only with the preview flag and only to admins. */
export function canPreview(request: Request, preview: string | undefined): boolean {
  return preview !== undefined && viewerRole(request) === 'admin';
}
