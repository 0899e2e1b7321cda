import type { EventChannel } from 'redux-saga';
import { browserTagOutboxServices, TAGS_CHANNEL, type TagsChanged } from './tagOutboxServices';

/** Another tab's message on the tags channel. */
function fromOtherTab(message: unknown) {
  const channel = new BroadcastChannel(TAGS_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

function nextChange(news: EventChannel<TagsChanged>): Promise<TagsChanged> {
  return new Promise((resolve) => news.take((change) => resolve(change as TagsChanged)));
}

const message = (sent: unknown[]) => ({
  type: 'tagsChanged',
  from: 'another-tab',
  sent,
  refused: [],
  retried: [],
  discarded: [],
});

describe('the courtside.tags channel', () => {
  it('carries the sent tag’s event to the other tabs (ids only), and still reads a message without one', async () => {
    const news = browserTagOutboxServices.otherTabs();
    const first = nextChange(news);
    fromOtherTab(message([{ clientId: 'c-1', serverId: 'tag-1', eventId: 'e-1' }]));
    expect((await first).sent).toEqual([{ clientId: 'c-1', serverId: 'tag-1', eventId: 'e-1' }]);

    const older = nextChange(news);
    fromOtherTab(message([{ clientId: 'c-2', serverId: 'tag-2' }]));
    expect((await older).sent).toEqual([{ clientId: 'c-2', serverId: 'tag-2' }]);
    news.close();
  });
});
