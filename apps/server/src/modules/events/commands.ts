/** Event writes (000 §4/§5/§6); each lives in its own file, this is the entry the routes and benches use. */
export { checkEvent } from './fields.js';
export { createEvent, createEventFrom } from './create.js';
export { simulateKopis } from './simulate.js';
export { updateEvent } from './update.js';
