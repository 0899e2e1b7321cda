import { RecentEventsPicker } from './RecentEventsPicker';

/** The event picker for highlights (/highlights/create): each event leads to /highlights/create/{eventId}. */
export default function HighlightEventPickerScreen() {
  return <RecentEventsPicker context="highlights" />;
}
