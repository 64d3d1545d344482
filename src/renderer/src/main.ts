import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './app/app.vue';
import { createAppRouter } from './app/router.ts';

createApp(App).use(createPinia()).use(createAppRouter()).mount('#app');
