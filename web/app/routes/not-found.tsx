import { data } from 'react-router';

/** Any path no other route matches: a real 404 rendered by the root error boundary. */
export function loader() {
  throw data('This page could not be found', { status: 404 });
}

export default function NotFound() {
  return null;
}
