import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './app/app.vue';
import { createAppRouter, preloadStartPage } from './app/router.ts';

preloadStartPage();
createApp(App).use(createPinia()).use(createAppRouter()).mount('#app');
