import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { editingReturnMessage, parseEditingReturn, searchWithoutEditingParams, type EditingReturn } from '../model/editingReturn';
import { HIGHLIGHT_LIST, highlightsApi } from '../api/highlightsApi';

export interface EditingReturnNotice {
  kind: Exclude<EditingReturn['kind'], 'none'>;
  message: string;
}

/**
 * Back from the editor (`?editing_session=…&editing_completed=true`, or without the flag after Cancel): the notice
 * to show once, read from the address the screen opened with; the parameters leave the address at once (replacing
 * the history entry, so Back and reload do not bring them back) and, after a Render, the list is marked stale so
 * the new processing highlight appears.
 */
export function useEditingReturn(): { notice: EditingReturnNotice | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [notice, setNotice] = useState<EditingReturnNotice | null>(() => {
    const editingReturn = parseEditingReturn(location.search);
    const message = editingReturnMessage(editingReturn);
    return editingReturn.kind === 'none' || message === null ? null : { kind: editingReturn.kind, message };
  });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const editingReturn = parseEditingReturn(location.search);
    if (editingReturn.kind === 'none' || handled.current === location.key) return;
    handled.current = location.key;
    if (editingReturn.kind === 'completed') dispatch(highlightsApi.util.invalidateTags([HIGHLIGHT_LIST]));
    void navigate(
      { pathname: location.pathname, search: searchWithoutEditingParams(location.search), hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [dispatch, location, navigate]);

  return { notice, dismiss: () => setNotice(null) };
}
