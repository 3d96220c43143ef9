import './czechZod';
export * from './fieldErrors';
export * from './forms';
export * from './eventForm';
export * from './eventFormLayout';
export * from './wireValues';
