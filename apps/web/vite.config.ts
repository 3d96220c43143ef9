import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { guide } from './build/guide';
import { precompress } from './build/precompress';

const API = 'http://127.0.0.1:8080';

/**
 * Writes dist/version.json {hash} — a digest of every emitted file name and content — so a running panel
 * can notice (GET /version.json every 60 s) that a new build was deployed.
 */
function versionJson(): Plugin {
  return {
    name: 'panel-version-json',
    apply: 'build',
    generateBundle: {
      order: 'post', // after vite:build-html has emitted index.html
      handler(_options, bundle) {
        const hash = createHash('sha256');
        for (const name of Object.keys(bundle).sort()) {
          const item = bundle[name];
          hash.update(name);
          hash.update(item.type === 'chunk' ? item.code : item.source);
        }
        this.emitFile({
          type: 'asset',
          fileName: 'version.json',
          source: JSON.stringify({ hash: hash.digest('hex').slice(0, 16) }),
        });
      },
    },
  };
}

/**
 * The service worker (src/pwa/sw.ts → dist/sw.js, 'prompt': a new version waits for the user) and the web app
 * manifest. Precached: the built scripts, styles and icons; never index.html (navigations are network-first),
 * version.json or any API call.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/pwa',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false, // src/pwa/registerSw.ts registers it
  manifest: {
    name: 'Panel HZS SŽ',
    short_name: 'Panel',
    description: 'Operační panel HZS SŽ', // ours
    lang: 'cs',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1b1f24',
    background_color: '#1b1f24',
    icons: [
      { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['**/*.{js,css,svg,ico,woff,woff2}'], // + the manifest and its icons (added by the plugin)
    globIgnores: ['**/version.json', '**/index.html', 'sw.js'],
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), guide(fileURLToPath(new URL('../../docs', import.meta.url))), versionJson(), pwa, precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React changes less often than ours: its chunk stays cached across deployments. MUI and the other
        // libraries are not grouped: a group is loaded whole by its first user, and the login screen needs only a
        // few MUI components (scripts/checkBundle.mjs keeps it under 250 kB gzipped)
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // zod with our jitless switch in one chunk: every schema is built after `z.config({jitless: true})`
            // ran (a schema built before it would probe `Function('')` at its first parse: a CSP violation)
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zodJitless\.ts$/, priority: 28 },
            // the map's libraries load with the map only
            {
              name: 'map',
              test: /[\\/]node_modules[\\/](ol|proj4|rbush|quickselect|earcut|color-[a-z]+|pbf|ieee754|wkt-parser|mgrs|geographiclib-geodesic)[\\/]/,
              priority: 25,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/v2': API,
      '/v3': API,
      '/version.json': API,
      // calls the spec puts outside /v2 (001 §7, 000 §7)
      '/ktc': API,
      '/hzs': API,
      '/tts': API,
      '/train-location': API,
      '/train-track': API,
      '/muv-location': API,
      '/jpo-area': API,
      '/jpo-point': API,
      '/hunting-region': API,
      '/socket.io': { target: API, ws: true },
    },
  },
});
