import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useDeviceLocation } from '../../geolocation/public';
import { CreatedTagsList } from './CreatedTagsList';
import { CurrentEventPanel } from './CurrentEventPanel';
import { LocationStatusPanel } from './LocationStatusPanel';
import { TagMomentsFooter } from './TagMomentsFooter';
import { TagNowPanel } from './TagNowPanel';
import { useTagMoments } from './useTagMoments';

export const TAG_MOMENTS_TEXT = {
  title: 'Tag Moments',
  subtitle: 'Tag important moments during live events',
} as const;

/** The chosen event ran out of time (docs/decisions.md "Tagging after the event ends"). */
export const eventEndedNotice = (eventName: string) => `${eventName} has ended. Select a current event to keep tagging.`;

/**
 * Tag Moments (/tags/add; docs/product/part-2.md §2): the device's location, the live event to tag for, TAG NOW
 * with an optional description, and the tags made on this device. What a tap makes, keeps and sends is
 * useTagMoments' (tagActions.ts, tagOutboxSaga.ts); a tag is made without a location when none is known.
 */
export default function TagMomentsScreen() {
  const device = useDeviceLocation();
  const moments = useTagMoments();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { selectedEvent } = moments;
  const latitude = device.location?.latitude;
  const longitude = device.location?.longitude;
  const near = useMemo(
    () => (latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null),
    [latitude, longitude],
  );
  const { tagNow } = moments;

  // Stable props, so a tap renders the new row and the button, not every panel (npm run bench:tag).
  const tag = useCallback(() => {
    const refused = tagNow({ description, location: near });
    setError(refused);
    if (refused === null) setDescription(''); // docs/product/part-2.md §4: the description is cleared
  }, [tagNow, description, near]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <PageHeader title={TAG_MOMENTS_TEXT.title} subtitle={TAG_MOMENTS_TEXT.subtitle} />
      <LocationStatusPanel device={device} />
      {moments.endedEventName !== null && (
        <Alert severity="info" onClose={moments.closeEndedNotice} sx={{ overflowWrap: 'anywhere' }}>
          {eventEndedNotice(moments.endedEventName)}
        </Alert>
      )}
      <CurrentEventPanel selected={selectedEvent} onSelect={moments.selectEvent} near={near} />
      {error && <Alert severity="error">{error}</Alert>}
      {selectedEvent && (
        <TagNowPanel description={description} onDescriptionChange={setDescription} onTag={tag} creating={moments.creating} />
      )}
      <CreatedTagsList tags={moments.tags} onRetry={moments.retry} onDiscard={moments.discard} />
      <TagMomentsFooter eventName={selectedEvent?.name ?? null} />
    </Stack>
  );
}
