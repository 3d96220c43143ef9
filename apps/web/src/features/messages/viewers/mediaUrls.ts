/** The original file of a media (no `size`: the server answers the stored bytes, not a thumbnail). */
export const originalMediaUrl = (eventId: number, fileName: string) =>
  `/v2/media/event/${eventId}/${encodeURIComponent(fileName)}`;
