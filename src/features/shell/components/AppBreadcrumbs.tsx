import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { breadcrumbsFor } from '../model/breadcrumbs';
import { useMobileLayout } from './useMobileLayout';

/** Brand green darkened for text on white (5.5:1; #8cc641 itself is too light for text). */

/** Home › Section › Page for the current URL; labels cut to 12 characters on mobile (docs/product/part-1.md §2). */
export function AppBreadcrumbs() {
  const { pathname } = useLocation();
  const mobile = useMobileLayout();
  const crumbs = breadcrumbsFor(pathname, mobile);
  const lastIndex = crumbs.length - 1;

  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{
        minWidth: 0,
        fontSize: mobile ? '0.875rem' : '0.95rem',
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
        '& .MuiBreadcrumbs-li': { whiteSpace: 'nowrap', minWidth: 0 },
        '& .MuiBreadcrumbs-separator': { mx: 0.5 },
      }}
    >
      {crumbs.map((crumb, index) => {
        const key = `${index}-${crumb.label}`;
        if (index === lastIndex) {
          return (
            <Typography
              key={key}
              component="span"
              aria-current="page"
              sx={{ fontSize: 'inherit', fontWeight: 600, color: 'text.primary' }}
            >
              {crumb.label}
            </Typography>
          );
        }
        if (crumb.to) {
          return (
            <Link
              key={key}
              component={RouterLink}
              to={crumb.to}
              underline="hover"
              sx={{ fontSize: 'inherit', color: 'brand.text', fontWeight: 500 }}
            >
              {crumb.label}
            </Link>
          );
        }
        return (
          <Typography key={key} component="span" sx={{ fontSize: 'inherit', color: 'text.secondary' }}>
            {crumb.label}
          </Typography>
        );
      })}
    </Breadcrumbs>
  );
}
