import { END, eventChannel, type EventChannel } from 'redux-saga';

export interface UploadRequest {
  url: string;
  file: File;
  eventId: string | null;
  token: string | null;
}

export type UploadOutcome =
  { kind: 'ok'; status: number; body: unknown } | { kind: 'http'; status: number; body: unknown } | { kind: 'network' };

export type UploadEvent = { type: 'progress'; percent: number } | { type: 'done'; outcome: UploadOutcome };

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /api/v1/uploads as multipart (fields `video` and optional `eventId`) over XHR, which reports
 * upload progress (fetch cannot). Closing the channel aborts the request, so cancelling the saga
 * that reads it cancels the upload.
 */
export function uploadChannel(request: UploadRequest): EventChannel<UploadEvent> {
  return eventChannel<UploadEvent>((emit) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append('video', request.file, request.file.name);
    if (request.eventId) body.append('eventId', request.eventId);
    xhr.open('POST', request.url);
    xhr.setRequestHeader('X-Frontend-Client', 'true');
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) emit({ type: 'progress', percent: (e.loaded / e.total) * 100 });
    };
    const finish = (outcome: UploadOutcome) => {
      emit({ type: 'done', outcome });
      emit(END);
    };
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      finish(
        xhr.status >= 200 && xhr.status < 300
          ? { kind: 'ok', status: xhr.status, body: parsed }
          : { kind: 'http', status: xhr.status, body: parsed },
      );
    };
    xhr.onerror = () => finish({ kind: 'network' });
    xhr.ontimeout = () => finish({ kind: 'network' });
    xhr.send(body);
    return () => {
      if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
    };
  });
}
