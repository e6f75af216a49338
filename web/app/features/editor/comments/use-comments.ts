import { useEffect, useState } from 'react';
import { CommentsStore } from './comments-store';

/**
 * The open diagram's comments (one store for the panel and the canvas): loaded, kept live, and the
 * thread named by a notification's link (`?comment=<id>`) opened once they are there.
 */
export function useComments(fuid: string, me: string | null, openThread: string | null): CommentsStore {
  const [comments] = useState(() => new CommentsStore(fuid, me));
  useEffect(() => {
    const leave = comments.connect();
    void comments.load().then(() => {
      if (openThread && comments.state.get().threads?.some((t) => t.id === openThread)) comments.open(openThread, true);
    });
    return leave;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [comments]);
  return comments;
}
