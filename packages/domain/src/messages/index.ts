/** Messages and media (000 §3–§7): the rules (content, confirmation, tags, who may send), the calls' schemas, the form, texts. */
export * from './rules';
export * from './schema';
export * from './form';
export * from './texts';
export * from './pcm';
export * from './policy';
