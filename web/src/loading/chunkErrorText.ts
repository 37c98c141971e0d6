/** What shows when a part of the app's code could not be fetched, over its "Try again". */
export const CHUNK_ERROR_TEXT =
  'This part of Brainboard did not load. Check your connection, then try again.';
