import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import HistoryIcon from '@mui/icons-material/History';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import MovieFilterIcon from '@mui/icons-material/MovieFilter';
import NearMeIcon from '@mui/icons-material/NearMe';
import PlaceIcon from '@mui/icons-material/Place';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import SellIcon from '@mui/icons-material/Sell';
import ShareIcon from '@mui/icons-material/Share';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import VideocamIcon from '@mui/icons-material/Videocam';
import type SvgIcon from '@mui/material/SvgIcon';

/**
 * The icons the route table may name (`icon` of a menu entry or section), by name. The table holds
 * only the name so that it stays free of icon code: it loads with the router on every page, while
 * these icons load with the shell.
 */
export const NAV_ICONS = {
  AddLocationAlt: AddLocationAltIcon,
  AutoAwesome: AutoAwesomeIcon,
  BookmarkAdd: BookmarkAddIcon,
  Bookmarks: BookmarksIcon,
  CloudUpload: CloudUploadIcon,
  EditCalendar: EditCalendarIcon,
  Event: EventIcon,
  EventAvailable: EventAvailableIcon,
  History: HistoryIcon,
  LocalOffer: LocalOfferIcon,
  LocationOn: LocationOnIcon,
  MovieFilter: MovieFilterIcon,
  NearMe: NearMeIcon,
  Place: PlaceIcon,
  PlaylistPlay: PlaylistPlayIcon,
  Sell: SellIcon,
  Share: ShareIcon,
  VideoLibrary: VideoLibraryIcon,
  Videocam: VideocamIcon,
} satisfies Record<string, typeof SvgIcon>;

export type NavIconName = keyof typeof NAV_ICONS;
