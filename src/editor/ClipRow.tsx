import { memo, useRef } from 'react';
import type { EditClip, EditAction } from './edit';
import type { EditorClip } from './editorApi';
import { s } from './styles';
import { formatSeconds } from './time';
import { TimeField } from './TimeField';
import { momentPlacement, roundTime } from './trim';

interface Props {
  clip: EditorClip;
  edit: EditClip;
  position: number;
  count: number;
  disabled: boolean;
  dispatch: (action: EditAction) => void;
  onMoved: (clipId: string, by: -1 | 1) => void;
}

const percent = (part: number, whole: number) => `${whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0}%`;

function uploader(clip: EditorClip): string {
  const email = clip.user?.email;
  return email ? (email.split('@')[0] ?? email) : 'Unknown user';
}

/** One clip of the edit: its preview, where its tagged moment is, its in and out points and its place. */
export const ClipRow = memo(function ClipRow({ clip, edit, position, count, disabled, dispatch, onMoved }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const n = position;
  const hidden = <span style={s.srOnly}> of clip {n}</span>;
  const duration = edit.duration;
  const placement = duration === null ? 'none' : momentPlacement(duration, edit.momentOffset);
  // Said only when true: a preset trim (or the user's) may keep part of the clip even though the moment is outside it.
  const usesWholeClip = duration !== null && edit.inSeconds === 0 && edit.outSeconds === roundTime(duration);
  const currentTime = () => video.current?.currentTime ?? 0;
  const headingId = `clip-${clip.id}-title`;

  return (
    <li style={s.card} aria-labelledby={headingId} data-clip-id={clip.id}>
      <div style={s.previewBox}>
        <video
          ref={video}
          style={s.video}
          src={clip.videoUrl}
          poster={clip.thumbnailUrl ?? undefined}
          preload="metadata"
          controls
          playsInline
          aria-label={`Preview of clip ${n}`}
          onLoadedMetadata={(e) => {
            const seconds = e.currentTarget.duration;
            if (edit.duration === null) dispatch({ type: 'durationRead', clipId: clip.id, seconds });
          }}
          onError={() => {
            // Without a length from the server this clip cannot be trimmed or sent: the edit names it for removal.
            if (edit.duration === null) dispatch({ type: 'loadFailed', clipId: clip.id });
          }}
        />
      </div>
      <div style={s.controls}>
        <h2 id={headingId} style={s.h2}>
          Clip {n} of {count}
        </h2>
        <p style={s.small}>
          {uploader(clip)}
          {clip.device ? ` · ${clip.device}` : ''}
          {duration !== null ? ` · ${formatSeconds(duration)} long` : ''}
        </p>
        {duration !== null ? (
          <div style={s.track} aria-hidden="true" data-testid="trim-track">
            <div
              style={{
                ...s.window,
                left: percent(edit.inSeconds, duration),
                width: percent(edit.outSeconds - edit.inSeconds, duration),
              }}
            />
            {placement === 'inside' && edit.momentOffset !== null ? (
              <div style={{ ...s.marker, left: percent(edit.momentOffset, duration) }} />
            ) : null}
          </div>
        ) : (
          <p style={s.small}>Reading the clip's length…</p>
        )}
        <p style={s.small}>
          {placement === 'inside' && edit.momentOffset !== null
            ? `Tagged moment at ${formatSeconds(edit.momentOffset)}${clip.moment?.description ? `: ${clip.moment.description}` : ''}`
            : placement === 'outside'
              ? `Tagged moment is outside this clip${usesWholeClip ? ': the whole clip is used' : ''}`
              : 'No tagged moment in this clip'}
        </p>
        <div style={s.row}>
          <TimeField
            id={`in-${clip.id}`}
            label={<>In point (seconds){hidden}</>}
            value={edit.inSeconds}
            max={duration ?? 0}
            disabled={disabled || duration === null}
            onCommit={(seconds) => dispatch({ type: 'inChanged', clipId: clip.id, seconds })}
          />
          <TimeField
            id={`out-${clip.id}`}
            label={<>Out point (seconds){hidden}</>}
            value={edit.outSeconds}
            max={duration ?? 0}
            disabled={disabled || duration === null}
            onCommit={(seconds) => dispatch({ type: 'outChanged', clipId: clip.id, seconds })}
          />
        </div>
        <div style={s.row}>
          <button
            type="button"
            style={s.button}
            disabled={disabled || duration === null}
            aria-label={`Set in: clip ${n}, from the preview's current time`}
            onClick={() => dispatch({ type: 'inChanged', clipId: clip.id, seconds: currentTime() })}
          >
            Set in
          </button>
          <button
            type="button"
            style={s.button}
            disabled={disabled || duration === null}
            aria-label={`Set out: clip ${n}, from the preview's current time`}
            onClick={() => dispatch({ type: 'outChanged', clipId: clip.id, seconds: currentTime() })}
          >
            Set out
          </button>
          <span style={s.small}>Uses {formatSeconds(Math.max(0, edit.outSeconds - edit.inSeconds))}</span>
        </div>
        <div style={s.row}>
          <button
            type="button"
            id={`move-up-${clip.id}`}
            style={s.button}
            disabled={disabled || n === 1}
            aria-label={`Move up: clip ${n}`}
            onClick={() => onMoved(clip.id, -1)}
          >
            Move up
          </button>
          <button
            type="button"
            id={`move-down-${clip.id}`}
            style={s.button}
            disabled={disabled || n === count}
            aria-label={`Move down: clip ${n}`}
            onClick={() => onMoved(clip.id, 1)}
          >
            Move down
          </button>
          {count > 1 ? (
            <button
              type="button"
              style={s.button}
              disabled={disabled}
              aria-label={`Remove: clip ${n}`}
              onClick={() => dispatch({ type: 'removed', clipId: clip.id })}
            >
              Remove
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
});
