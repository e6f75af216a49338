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
  libraryItemsLimit: 'Limit reached',
  libraryComponentsLimit: 'Library: a maximum number of components per library',
  libraryItemNotFound: 'Library item not found',
  tokenNotChanged: 'diagram token cannot be changed',
  userDetailsNotUpdated: 'user details not updated',
} as const;
