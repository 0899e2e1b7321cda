/** What 'Make my highlight' and 'Select my moments' say (issue 13; docs/decisions.md "Make my highlight"). */
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
