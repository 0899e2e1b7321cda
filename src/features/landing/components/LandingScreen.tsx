import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../app/product';
import stadiumUrl from './stadium.svg';

interface QuickLink {
  title: string;
  text: string;
  to: string;
  icon: ReactNode;
}

const QUICK_LINKS: QuickLink[] = [
  { title: 'Upload Clips', text: 'Add videos from your device to an event.', to: '/clips/upload', icon: <CloudUploadIcon /> },
  { title: 'Tag Moments', text: 'Mark the big plays while the game is on.', to: '/tags/add', icon: <BookmarkAddIcon /> },
  {
    title: 'Current & Upcoming',
    text: 'See the events happening now and next.',
    to: '/event/upcoming',
    icon: <EventAvailableIcon />,
  },
];

/** The landing page (docs/product/part-1.md §2): the stadium image, a welcome and quick links; no other dashboard content. */
export default function LandingScreen() {
  return (
    <Stack spacing={{ xs: 2.5, md: 4 }} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box
        component="img"
        src={stadiumUrl}
        alt="Illustration of a floodlit stadium"
        width={1200}
        height={600}
        fetchPriority="high"
        decoding="async"
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          maxHeight: { xs: '30vh', md: '45vh' },
          objectFit: 'cover',
          objectPosition: 'center 65%',
          borderRadius: { xs: 2, md: 3 },
          bgcolor: 'brand.night',
          boxShadow: (t) => `0 10px 30px ${alpha(t.palette.primary.contrastText, 0.18)}`,
        }}
      />
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', md: '2.2rem' } }}>
          Welcome to {PRODUCT_NAME}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary', fontSize: { xs: '1rem', md: '1.1rem' } }}>
          Film your games, tag the moments that matter and turn them into highlights.
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="landing-quick-links">
        <Typography id="landing-quick-links" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Get started
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {QUICK_LINKS.map((link) => (
            <Box component="li" key={link.to}>
              <Card variant="outlined" sx={{ height: '100%', transition: 'box-shadow 150ms', '&:hover': { boxShadow: 3 } }}>
                <CardActionArea component={Link} to={link.to} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Box
                      aria-hidden="true"
                      sx={{
                        width: 48,
                        height: 48,
                        flexShrink: 0,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                      }}
                    >
                      {link.icon}
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                        {link.title}
                      </Typography>
                      <Typography sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>{link.text}</Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
