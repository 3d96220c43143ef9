import { describe, expect, it } from 'vitest';
import { useListStore } from '../stores/listStore';
import { MOBILE_BREAKPOINT_DEFAULT, mobileQuery } from './useIsMobile';

describe('phone layout', () => {
  it('uses the breakpoint from settings, else 768 px', () => {
    expect(MOBILE_BREAKPOINT_DEFAULT).toBe(768);
    expect(mobileQuery(undefined)).toBe('(max-width: 767px)');
    expect(mobileQuery(null)).toBe('(max-width: 767px)');
    expect(mobileQuery(1024)).toBe('(max-width: 1023px)');
    expect(mobileQuery(0)).toBe('(max-width: 767px)');
  });

  it("the rail's filter button opens and closes the list's filter chips", () => {
    useListStore.setState({ filtersOpen: false });
    useListStore.getState().toggleFilters();
    expect(useListStore.getState().filtersOpen).toBe(true);
    useListStore.getState().toggleFilters();
    expect(useListStore.getState().filtersOpen).toBe(false);
  });
});
