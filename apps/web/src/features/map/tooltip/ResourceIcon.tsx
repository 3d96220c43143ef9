/**
 * The resource type's icon on a coloured disc, as the map marker draws it: the icon file when it loads, the
 * built-in Material Icons glyph when there is none, it is missing or fails to load (resourceIcons.ts).
 */
import { useState } from 'react';
import { Box } from '@mui/material';
import { resourceIcons } from '../layers/resourceIcons';
import '../layers/markers'; // the self-hosted Material Icons font

export interface ResourceIconProps {
  src: string | null;
  glyph: string;
  color: string;
  size?: number;
}

export function ResourceIcon({ src, glyph, color, size = 28 }: ResourceIconProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // a file the marker loader already found broken is not asked for again
  const showFile = src !== null && failedSrc !== src && resourceIcons.state(src) !== 'failed';
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flex: 'none',
        borderRadius: '50%',
        bgcolor: color,
        border: '2px solid #fff',
        boxShadow: 1,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {showFile ? (
        <img
          src={src}
          alt=""
          width={Math.round(size * 0.7)}
          height={Math.round(size * 0.7)}
          data-testid="resource-icon-file"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span
          className="material-icons"
          data-testid="resource-icon-glyph"
          style={{ fontSize: Math.round(size * 0.62), color: '#fff' }}
        >
          {glyph}
        </span>
      )}
    </Box>
  );
}
