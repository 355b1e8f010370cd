// The site's theme: VitePress's default theme, with the API reference's pages given the full width of the page.
import DefaultTheme from 'vitepress/theme';
import './api-reference.css';

export default DefaultTheme;
