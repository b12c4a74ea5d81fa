import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in the society's red (the site's `$primary`, AA contrast on white). */
export const ADMIN_THEME: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#a4122a' },
    secondary: { main: '#1f3a5f' },
    // Darker than MUI's red: "Elimina" on the form toolbar's grey keeps AA contrast.
    error: { main: '#b71c1c' },
  },
};
