/**
 * Messages on the map (z 160): messages with coordinates that carry media or are of a message-to-map type
 * (X04, X30, T00, X50, X55). A click opens the first media: X55 the 360° panorama, X50 the comparison, an
 * image the image viewer, anything else the media viewer.
 */
import { useEffect, useMemo, useState } from 'react';
import Feature from 'ol/Feature';
import { Point } from 'ol/geom';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { LAYER_Z, MESSAGE_TO_MAP_TYPES, MESSAGE_TYPES } from '@panel/domain/constants';
import type { Message } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { ImageViewer } from '../../messages/ImageViewer';
import { MediaView } from '../../messages/MediaView';
import { mediaKind } from '../../messages/rules';
import { CompareDialog } from '../../messages/viewers/CompareDialog';
import { PanoramaViewer } from '../../messages/viewers/PanoramaViewer';
import { toView } from '../projection';
import { whenIconFontReady } from './markers';
import { useVectorLayer } from './useVectorLayer';

export const isMapMessage = (m: Pick<Message, 'latitude' | 'longitude' | 'media' | 'type'>): boolean =>
  m.latitude !== null && m.longitude !== null && (Boolean(m.media?.length) || MESSAGE_TO_MAP_TYPES.includes(m.type));

const glyphOf = (m: Message) =>
  m.type === MESSAGE_TYPES.PANORAMA
    ? 'panorama_photosphere'
    : m.type === MESSAGE_TYPES.IMAGE_COMPARISON
      ? 'compare'
      : mediaKind(m.media?.[0]) === 'audio'
        ? 'mic'
        : m.media?.length
          ? 'photo_camera'
          : 'chat';

const styles = new Map<string, Style>();
const styleOf = (glyph: string) => {
  let style = styles.get(glyph);
  if (!style) {
    style = new Style({
      image: new Circle({
        radius: 11,
        fill: new Fill({ color: '#00695c' }),
        stroke: new Stroke({ color: '#fff', width: 2 }),
      }),
      text: new Text({ text: glyph, font: '15px "Material Icons"', fill: new Fill({ color: '#ffffff' }) }),
    });
    styles.set(glyph, style);
  }
  return style;
};

export function MessagesLayer() {
  const messagesMap = useEntitiesStore((s) => s.messages);
  const messages = useMemo(() => Object.values(messagesMap).filter(isMapMessage), [messagesMap]);
  const [open, setOpen] = useState<Message | null>(null);
  const source = useVectorLayer({ name: 'messages', zIndex: LAYER_Z.messages });

  useEffect(() => {
    source.clear(true);
    source.addFeatures(
      messages.map((m) => {
        const f = new Feature({
          geometry: new Point(toView([m.longitude!, m.latitude!])),
          kind: 'message',
          messageId: m.id,
          onClick: m.media?.length ? () => setOpen(m) : undefined,
        });
        f.setId(`message:${m.id}`);
        f.setStyle(styleOf(glyphOf(m)));
        return f;
      }),
    );
  }, [source, messages]);

  useEffect(() => {
    void whenIconFontReady().then(() => source.changed());
  }, [source]);

  return open ? <MessageMedia message={open} onClose={() => setOpen(null)} /> : null;
}

function MessageMedia({ message, onClose }: { message: Message; onClose: () => void }) {
  const media = message.media ?? [];
  const place = { latitude: message.latitude, longitude: message.longitude };
  if (message.type === MESSAGE_TYPES.PANORAMA && media[0]) {
    return (
      <PanoramaViewer
        eventId={message.eventId}
        fileName={media[0]}
        title={message.content ?? undefined}
        {...place}
        onClose={onClose}
      />
    );
  }
  if (message.type === MESSAGE_TYPES.IMAGE_COMPARISON && media.length >= 2) {
    return (
      <CompareDialog
        eventId={message.eventId}
        before={media[0]}
        after={media[1]}
        title={message.content ?? undefined}
        {...place}
        onClose={onClose}
      />
    );
  }
  const images = media.filter((name) => mediaKind(name) === 'image');
  if (mediaKind(media[0]) === 'image') {
    return <ImageViewer eventId={message.eventId} images={images} startIndex={0} {...place} onClose={onClose} />;
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{message.content || message.senderName}</DialogTitle>
      <DialogContent>
        <MediaView eventId={message.eventId} fileName={media[0] ?? null} images={images} {...place} />
      </DialogContent>
    </Dialog>
  );
}
