import { RecentEventsPicker } from './RecentEventsPicker';

/** Recent Events (/event/recent): each event leads to its clips. */
export default function RecentEventsScreen() {
  return <RecentEventsPicker context="clips" />;
}
