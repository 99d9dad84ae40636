import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      '/trpc': { target: 'http://127.0.0.1:8080', ws: true },
      '/auth': 'http://127.0.0.1:8080',
      '/static': 'http://127.0.0.1:8080',
      '/excel': 'http://127.0.0.1:8080',
      '/feed': 'http://127.0.0.1:8080',
      '/gtfs': 'http://127.0.0.1:8080',
    },
  },
});
