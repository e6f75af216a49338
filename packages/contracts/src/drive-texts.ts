/** Texts of Google Drive import and export (spec app.md §8, word for word where it gives them). */
export const DriveTexts = {
  unavailable: 'Cannot access Google Drive. Please try again later',
  savedOnRoot:
    'The document was saved on the root of your Google Drive: there was an error moving it to the chosen folder',
  popupBlocked: 'Your browser blocked the Google Drive pop-up. Please allow pop-ups for this site and try again',
  notConfigured: 'Google Drive is not available on this instance',
  notConnected: 'Connect your Google Drive first',
  fileNotFound: 'This Google Drive file is no longer available',
} as const;
