import { createPinia } from 'pinia';
import { createApp } from 'vue';
import { captureBridgeSecret } from './api/web-bridge.ts';
import App from './app/app.vue';
import { createAppRouter } from './app/router.ts';

// Browser shell only: take the bridge secret out of the address before the hash router sees it.
if (!window.socialdesk) captureBridgeSecret();

createApp(App).use(createPinia()).use(createAppRouter()).mount('#app');
