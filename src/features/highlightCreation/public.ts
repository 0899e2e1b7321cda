/**
 * Highlight creation as other features see it (lint: import-x/no-restricted-paths): the 'Make my highlight' button
 * the Event tags screen shows. Importing it brings only the button, its small slice (which joins the store when the
 * module loads) and the highlight calls it makes, none of the highlight screens.
 */
export { MakeMyHighlightButton, type MakeMyHighlightButtonProps } from './components/MakeMyHighlightButton';
