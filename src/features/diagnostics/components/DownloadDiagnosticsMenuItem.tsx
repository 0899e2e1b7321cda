import DownloadIcon from '@mui/icons-material/Download';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { DOWNLOAD_DIAGNOSTICS_LABEL, useDownloadDiagnostics } from '../model/downloadDiagnostics';

export interface DownloadDiagnosticsMenuItemProps {
  /** Called after the file is saved (the user menu closes itself with it). */
  onDone?: () => void;
}

/** The user menu's 'Download diagnostics' entry (MUI 9's menu list finds its items through context). */
export function DownloadDiagnosticsMenuItem({ onDone }: DownloadDiagnosticsMenuItemProps) {
  const download = useDownloadDiagnostics();
  if (!download) return null;
  return (
    <MenuItem
      onClick={() => {
        download();
        onDone?.();
      }}
    >
      <ListItemIcon>
        <DownloadIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{DOWNLOAD_DIAGNOSTICS_LABEL}</ListItemText>
    </MenuItem>
  );
}
