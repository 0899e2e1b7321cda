import { nextPageParam as nextPageNumber } from '../../../api/pagination';
import { FIRST_TAGS_PAGE, groupTagsByEvent, nextTagPageParam, type TagsPage } from './tagPaging';
import { toTag } from '../../../domain/tag';
import { myTagsResponseSchema } from '../api/tagSchemas';
import * as v from 'valibot';
import { myTagsAnswer, OTHER_EVENT_ID, rawTag } from '../../../test/data/tagBrowseTestData';

const page = (offset: number, limit: number, total: number): TagsPage => {
  const answer = v.parse(myTagsResponseSchema, myTagsAnswer(offset, limit, total));
  return { tags: answer.data.map(toTag), pagination: answer.pagination };
};

describe('the All My Tags paging rule (docs/product/part-2.md §7, §9; docs/api.md GET /tags)', () => {
  it('asks for 20 first, then 10 at a time from the number of tags loaded: offsets 0, 20, 30, 40', () => {
    expect(FIRST_TAGS_PAGE).toEqual({ offset: 0, limit: 20 });
    const params = [FIRST_TAGS_PAGE];
    const total = 45;
    for (;;) {
      const last = params.at(-1)!;
      const next = nextTagPageParam(page(last.offset, last.limit, total), [], last);
      if (!next) break;
      params.push(next);
    }
    expect(params).toEqual([
      { offset: 0, limit: 20 },
      { offset: 20, limit: 10 },
      { offset: 30, limit: 10 },
      { offset: 40, limit: 10 },
    ]);
  });

  it('covers every tag exactly once', () => {
    const total = 37;
    const ids: string[] = [];
    let param: typeof FIRST_TAGS_PAGE | undefined = FIRST_TAGS_PAGE;
    while (param) {
      const loaded = page(param.offset, param.limit, total);
      ids.push(...loaded.tags.map((t) => t.id));
      param = nextTagPageParam(loaded, [], param);
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it('stops when the server says there is no more, or sends an empty page', () => {
    expect(nextTagPageParam(page(0, 20, 20), [], FIRST_TAGS_PAGE)).toBeUndefined();
    const empty: TagsPage = { tags: [], pagination: { total: 50, hasMore: true, offset: 20, limit: 10 } };
    expect(nextTagPageParam(empty, [], { offset: 20, limit: 10 })).toBeUndefined();
  });

  it('continues after the tags a short page really held, skipping none', () => {
    const short: TagsPage = { ...page(20, 10, 50), tags: page(20, 10, 50).tags.slice(0, 7) };
    expect(nextTagPageParam(short, [], { offset: 20, limit: 10 })).toEqual({ offset: 27, limit: 10 });
  });

  it('numbered pages: the next while there is more', () => {
    expect(nextPageNumber({ pagination: { page: 1, hasMore: true, total: 80 } }, [], 1)).toBe(2);
    expect(nextPageNumber({ pagination: { page: 2, hasMore: false, total: 80 } }, [], 2)).toBeUndefined();
  });
});

describe('groupTagsByEvent (docs/product/part-2.md §2 "All My Tags")', () => {
  const other = { ...rawTag(1).event, id: OTHER_EVENT_ID, name: 'Spring Derby' };
  const tags = [rawTag(1, { event: other }), rawTag(2), rawTag(3, { event: other }), rawTag(4), rawTag(5)].map((raw) =>
    toTag(
      v.parse(myTagsResponseSchema, {
        success: true,
        data: [raw],
        pagination: { total: 1, hasMore: false, offset: 0, limit: 20 },
      }).data[0]!,
    ),
  );

  it('puts the event of the newest tag first, and each event’s tags newest first', () => {
    const groups = groupTagsByEvent(tags);
    expect(groups.map((g) => g.event.name)).toEqual(['Spring Derby', 'City Cup Final']);
    expect(groups.map((g) => g.tags.map((t) => t.id))).toEqual([
      ['tag-001', 'tag-003'],
      ['tag-002', 'tag-004', 'tag-005'],
    ]);
  });

  it('orders by time whatever order the tags came in, equal times by id descending', () => {
    const shuffled = [tags[4]!, tags[1]!, tags[3]!, tags[0]!, tags[2]!];
    expect(groupTagsByEvent(shuffled).flatMap((g) => g.tags.map((t) => t.id))).toEqual(
      groupTagsByEvent(tags).flatMap((g) => g.tags.map((t) => t.id)),
    );
    const same = [
      { ...tags[1]!, id: 'a', timestamp: tags[1]!.timestamp },
      { ...tags[1]!, id: 'b', timestamp: tags[1]!.timestamp },
    ];
    expect(groupTagsByEvent(same)[0]!.tags.map((t) => t.id)).toEqual(['b', 'a']);
  });

  it('a later page only lengthens or appends groups: the groups already shown keep their place', () => {
    const first = groupTagsByEvent(tags.slice(0, 3)).map((g) => g.id);
    const after = groupTagsByEvent(tags).map((g) => g.id);
    expect(after.slice(0, first.length)).toEqual(first);
  });

  it('is empty for no tags', () => {
    expect(groupTagsByEvent([])).toEqual([]);
  });
});
