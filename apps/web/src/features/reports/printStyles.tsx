/**
 * The print of the report (issue 26 item 2): only the report's dialog is printed — the panel behind it, the
 * filters and the buttons are left out, the dialog flows over pages instead of scrolling inside the screen, A4
 * landscape so the table's 14 columns fit, the charts and table rows are not cut between pages.
 */
import { GlobalStyles } from '@mui/material';

export const PRINT_ROOT_CLASS = 'reports-print-root';

export function ReportPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { size: 'A4 landscape', margin: '10mm' },
          [`body > *:not(.${PRINT_ROOT_CLASS})`]: { display: 'none !important' },
          [`.${PRINT_ROOT_CLASS}, .${PRINT_ROOT_CLASS} .MuiDialog-container, .${PRINT_ROOT_CLASS} .MuiDialog-paper, .${PRINT_ROOT_CLASS} .reports-body`]:
            {
              position: 'static !important',
              display: 'block !important',
              height: 'auto !important',
              maxHeight: 'none !important',
              overflow: 'visible !important',
              boxShadow: 'none !important',
            },
          [`.${PRINT_ROOT_CLASS} .MuiBackdrop-root, .reports-no-print`]: { display: 'none !important' },
          '.reports-print-only': { display: 'block !important' },
          '.reports-table table': { fontSize: '8.5pt' },
          '.reports-table td, .reports-table th': { padding: '2px 4px !important' },
          '.reports-table tr, .reports-charts > *': { breakInside: 'avoid' },
          '.reports-charts': { display: 'grid !important', gridTemplateColumns: 'repeat(2, 1fr) !important' },
        },
      }}
    />
  );
}
