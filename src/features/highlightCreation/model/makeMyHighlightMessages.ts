import { MAX_HIGHLIGHT_CLIPS } from '../../../app/product';

/** What 'Make my highlight' and 'Select my moments' say (docs/decisions.md "Make my highlight"). */
export const MAKE_MY_HIGHLIGHT = 'Make my highlight';
export const MAKING_YOUR_HIGHLIGHT = 'Making your highlight...';
export const SELECT_MY_MOMENTS = 'Select my moments';
export const NO_MOMENTS_TAGGED = 'You have not tagged any moments at this event yet.';
export const NO_CLIPS_OF_MOMENTS = 'None of your tagged moments has a clip yet. Upload the clips you filmed, then try again.';
export const TAGS_LOAD_FAILED = 'Failed to load your tags. Please try again.';
export const CLIPS_LOAD_FAILED = 'Failed to load your clips. Please try again.';
/** The ways on from the two problems: Tag Moments, and the upload screen. */
export const TAG_MOMENTS = { label: 'Tag Moments', to: '/tags/add' } as const;
export const UPLOAD_CLIPS = { label: 'Upload clips', to: '/clips/upload' } as const;
/** The moments a plan left out, named before the editor opens (makeMyHighlightSlice 'confirming'). */
export const MOMENTS_LEFT_OUT_TITLE = 'Not every moment is in this highlight';
const moments = (count: number) => `${count} ${count === 1 ? 'moment' : 'moments'}`;
/** Moments with no clip within 30 s (docs/product/part-2.md §9 match window). */
export const noClipNearbyText = (count: number) => `${moments(count)} had no clip nearby`;
/** Moments whose clip would have been past the 20 (§9 "Maximum 20 clips per highlight"). */
export const overCapText = (count: number) =>
  `${moments(count)} left out: a highlight takes at most ${MAX_HIGHLIGHT_CLIPS} clips`;
export const openWithClipsText = (count: number) =>
  `The editor opens with ${count} ${count === 1 ? 'clip' : 'clips'} of your other moments.`;
export const OPEN_THE_EDITOR = 'Open the editor';
export const CANCEL = 'Cancel';
