import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../constants/index';
import { parseSearchParams, searchRpcRequest, searchTexts } from './searchSchema';

const problemsOf = (raw: Record<string, unknown>) => {
  const checked = parseSearchParams(raw);
  return 'problems' in checked ? checked.problems : [];
};

describe('parseSearchParams', () => {
  it('reads JSON-RPC params and the GET query alike, with the page defaults', () => {
    const expected = {
      searchTerm: 'Praha',
      typeCodes: ['station', 'halt'],
      latitude: 50.08,
      longitude: 14.43,
      limit: 5,
      offset: 10,
    };
    const rpc = { searchTerm: 'Praha', typeCodes: ['station', 'halt'], latitude: 50.08, longitude: 14.43, limit: 5 };
    expect(parseSearchParams({ ...rpc, offset: 10 })).toEqual({ params: expected });
    const query = { searchTerm: 'Praha', typeCodes: 'station, halt,', latitude: '50.08', longitude: '14.43' };
    expect(parseSearchParams({ ...query, limit: '5', offset: '10' })).toEqual({ params: expected });
    expect(
      parseSearchParams({ searchTerm: 'Praha', latitude: null, longitude: 'null', limit: null, offset: '' }),
    ).toEqual({
      params: {
        searchTerm: 'Praha',
        typeCodes: [],
        latitude: null,
        longitude: null,
        limit: SEARCH_PAGE_SIZE,
        offset: 0,
      },
    });
  });

  it('drops repeated type codes and names the first unknown one', () => {
    expect(parseSearchParams({ searchTerm: 'ab', typeCodes: ['train', 'train'] })).toMatchObject({
      params: { typeCodes: ['train'] },
    });
    expect(problemsOf({ searchTerm: 'ab', typeCodes: 'station,ufo,xyz' })).toEqual([
      { field: 'typeCodes', message: searchTexts.unknownType('ufo') },
    ]);
  });

  it('counts the term after normalization; no term is an empty one, a non-text one is refused', () => {
    expect(problemsOf({ searchTerm: ' Ú ' })).toEqual([{ field: 'searchTerm', message: searchTexts.minLength }]);
    expect(problemsOf({})).toEqual([{ field: 'searchTerm', message: searchTexts.minLength }]);
    expect(problemsOf({ searchTerm: 42 })).toEqual([{ field: 'searchTerm', message: searchTexts.searchTerm }]);
  });

  it('wants both origin coordinates or neither, in range', () => {
    expect(problemsOf({ searchTerm: 'ab', latitude: 50 })).toEqual([
      { field: 'latitude', message: searchTexts.origin },
    ]);
    expect(problemsOf({ searchTerm: 'ab', latitude: 91, longitude: 'x' })).toEqual([
      { field: 'latitude', message: searchTexts.latitude },
      { field: 'longitude', message: searchTexts.longitude },
    ]);
    expect(problemsOf({ searchTerm: 'ab', latitude: 'Infinity', longitude: 14 })).toEqual([
      { field: 'latitude', message: searchTexts.latitude },
    ]);
  });

  it('reports every problem in the order of the fields (the first is the JSON-RPC message)', () => {
    expect(problemsOf({ searchTerm: 'a', typeCodes: ['ufo'], latitude: 'x', limit: 0, offset: 1.5 })).toEqual([
      { field: 'searchTerm', message: searchTexts.minLength },
      { field: 'typeCodes', message: searchTexts.unknownType('ufo') },
      { field: 'latitude', message: searchTexts.latitude },
      { field: 'latitude', message: searchTexts.origin },
      { field: 'limit', message: searchTexts.limit },
      { field: 'offset', message: searchTexts.offset },
    ]);
    expect(problemsOf({ searchTerm: 'ab', limit: 101, offset: 1001 }).map((p) => p.field)).toEqual(['limit', 'offset']);
  });
});

describe('searchRpcRequest', () => {
  it('takes a JSON-RPC 2.0 request with a method; an array, another version or no method is not one', () => {
    expect(searchRpcRequest.safeParse({ jsonrpc: '2.0', method: 'fire.search', id: 7, params: {} }).success).toBe(true);
    expect(searchRpcRequest.safeParse({ jsonrpc: '2.0', method: 'fire.search' }).success).toBe(true);
    for (const body of [
      null,
      [],
      { foo: 1 },
      { jsonrpc: '1.0', method: 'fire.search' },
      { jsonrpc: '2.0', method: 1 },
    ]) {
      expect(searchRpcRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
