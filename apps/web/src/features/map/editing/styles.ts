/** Styles of the editing layers: the sketch of a drawing, the edited geo object, the destination handle. */
import { Circle, Fill, Stroke, Style } from 'ol/style';

export const sketchStyle = [
  new Style({
    stroke: new Stroke({ color: '#1565c0', width: 3, lineDash: [6, 4] }),
    fill: new Fill({ color: 'rgba(21,101,192,0.12)' }),
    image: new Circle({
      radius: 5,
      fill: new Fill({ color: '#1565c0' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  }),
];

export const editedStyle = [
  new Style({
    stroke: new Stroke({ color: '#ef6c00', width: 3 }),
    fill: new Fill({ color: 'rgba(239,108,0,0.15)' }),
    image: new Circle({
      radius: 6,
      fill: new Fill({ color: '#ef6c00' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
  }),
];

export const destinationHandleStyle = new Style({
  image: new Circle({
    radius: 11,
    fill: new Fill({ color: 'rgba(229,57,53,0.12)' }),
    stroke: new Stroke({ color: '#e53935', width: 2, lineDash: [4, 3] }),
  }),
});
