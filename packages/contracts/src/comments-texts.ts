/** Texts of comments on a diagram. */
export const CommentTexts = {
  threadNotFound: 'This comment thread does not exist or was deleted',
  notFound: 'This comment does not exist or was deleted',
  notYours: 'You can only edit or delete your own comments',
  mentionNoAccess: 'You can only mention people who have access to this diagram',
  mentionedNotice: '{person} mentioned you in a comment on {name}: “{excerpt}”',
  mentionedTitle: 'Mentioned in a comment',
} as const;

export const CommentErrorCode = {
  COMMENT_THREAD_NOT_FOUND: 'COMMENT_THREAD_NOT_FOUND',
  COMMENT_NOT_FOUND: 'COMMENT_NOT_FOUND',
  COMMENT_NOT_YOURS: 'COMMENT_NOT_YOURS',
  COMMENT_MENTION_NO_ACCESS: 'COMMENT_MENTION_NO_ACCESS',
} as const;
