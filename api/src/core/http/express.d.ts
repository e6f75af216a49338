import 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /** Request id: the caller's X-Request-Id when sane, else generated. */
    id?: string;
  }
}
