/** The map screenshot button and dialog (filled by the screenshot work). */
export function ScreenshotButton() {
  return null;
}
