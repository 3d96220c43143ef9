export { DevPanel } from './DevPanel';
export { DebugDialog, DEBUG_EVENT } from './DebugDialog';
