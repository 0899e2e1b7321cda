import { emptyNextStep } from './emptyNextStep';

describe('emptyNextStep: an empty list never sends a non-admin to an admin-only screen', () => {
  it('an administrator is offered to add the missing event or venue', () => {
    expect(emptyNextStep('None here.', 'event', true)).toEqual({
      message: 'None here.',
      action: { label: 'Add Event', to: '/event/create' },
    });
    expect(emptyNextStep('None here.', 'venue', true).action).toEqual({ label: 'Add Location', to: '/location/add' });
  });

  it('anyone else is told who adds them and offered the upload, which needs no event', () => {
    for (const missing of ['event', 'venue'] as const) {
      const empty = emptyNextStep('None here.', missing, false);
      expect(empty.message).toMatch(/^None here\. .+ are added by your club’s organizers: ask one to add yours\./);
      expect(empty.action).toEqual({ label: 'Upload Clips', to: '/clips/upload' });
    }
  });
});
