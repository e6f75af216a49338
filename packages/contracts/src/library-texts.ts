/** Nodes plus connections one library item may hold (the spec: "a maximum number of components per library"; value not shown). */
export const LIBRARY_MAX_COMPONENTS_PER_ITEM = 100;

/** Texts of templates, tours, balance tests, the library and Global Settings (the spec's where it gives them). */
export const LibraryTexts = {
  templateNotFound: 'Template not found',
  tourNotFound: 'Tour not found',
  tourNotCorrect: 'Tour not correct',
  tourNotValid: 'Tour not valid',
  tourNoTemplateId: 'No template id',
  tourNoDiagramId: 'No diagram id',
  tourNone: 'No tour',
  tourCannotDelete: 'Cannot delete tour',
  nothingPlotted: 'Multiple run needs at least one element plotted on the chart',
  testNotFound: 'Balance test not found',
  libraryComponentsLimit: `Limit reached: a library item holds at most ${LIBRARY_MAX_COMPONENTS_PER_ITEM} components`,
  libraryItemNotFound: 'Library item not found',
  tokenNotChanged: 'diagram token cannot be changed',
  /** app.md §8 "user details not updated", as a sentence. */
  userDetailsNotUpdated: 'User details not updated',
  /** app.md §8 "user key not changed": creating, replacing or revoking the API key failed (its cause follows). */
  userKeyNotChanged: 'User key not changed',
} as const;
