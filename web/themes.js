// The page's looks: light, dark and high contrast. The player picks one or
// lets the system decide ('system': dark when the system prefers dark, high
// contrast when it asks for more contrast or forces its colours). The page's
// colours are CSS variables keyed by <html data-theme> (style.css); the
// board's are the palettes here, since a canvas does not read CSS. DOM-free.

export const THEME_CHOICES = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'contrast', label: 'High contrast' },
];

// The theme to show for the player's choice and what the system prefers
// ({dark, moreContrast, forcedColors}, from matchMedia).
export function resolveTheme(choice, system = {}) {
  if (choice === 'light' || choice === 'dark' || choice === 'contrast') return choice;
  if (system.moreContrast || system.forcedColors) return 'contrast';
  return system.dark ? 'dark' : 'light';
}

// The board's colours per theme. `name` is part of what the board painter
// compares to know a full repaint is due.
export const PALETTES = {
  light: {
    name: 'light',
    floor: '#efe9dd', floorAlt: '#e9e2d4',
    wall: '#56627a', wallTop: '#6e7b93', wallEdge: '#434d61',
    goal: '#2a9d8f', goalWidth: 0.06,
    box: '#e3a857', boxEdge: '#b27a34', boxInner: '#eebb72',
    boxGoal: '#4fae86', boxGoalEdge: '#2f7d5d', boxGoalInner: '#68c29c',
    player: '#4157d8', playerLight: '#7d8ff0',
    select: '#f2c230', hint: 'rgba(65, 87, 216, 0.85)',
    sinkRim: '#b7ad9b', sinkRimLight: '#d6cfc1', sinkDeep: '#1f2533', sinkEdge: '#465064',
    mark: '#d13b3b', markFill: 'rgba(209, 59, 59, 0.22)', gridLine: 'rgba(140, 140, 140, 0.35)',
    page: '#ffffff',  // the browser's bar (meta theme-color)
  },
  dark: {
    name: 'dark',
    floor: '#2c313c', floorAlt: '#292e38',
    wall: '#55607a', wallTop: '#6b7793', wallEdge: '#3e465a',
    goal: '#3cc4b3', goalWidth: 0.06,
    box: '#d99a4a', boxEdge: '#9c662a', boxInner: '#e9b36d',
    boxGoal: '#3f9f75', boxGoalEdge: '#276b4e', boxGoalInner: '#5cbf94',
    player: '#8c9cff', playerLight: '#c3cbff',
    select: '#f2c230', hint: 'rgba(150, 166, 255, 0.9)',
    sinkRim: '#6f6a60', sinkRimLight: '#8d877b', sinkDeep: '#0b0d12', sinkEdge: '#333a4a',
    mark: '#ff6b6b', markFill: 'rgba(255, 107, 107, 0.25)', gridLine: 'rgba(190, 198, 214, 0.22)',
    page: '#1b1f27',
  },
  // Few colours, far apart: white walls on black, yellow goals, thick edges.
  contrast: {
    name: 'contrast',
    floor: '#000000', floorAlt: '#000000',
    wall: '#ffffff', wallTop: '#ffffff', wallEdge: '#bdbdbd',
    goal: '#ffd400', goalWidth: 0.1,
    box: '#ff9d00', boxEdge: '#ffffff', boxInner: '#000000',
    boxGoal: '#00d26a', boxGoalEdge: '#ffffff', boxGoalInner: '#000000',
    player: '#00c8ff', playerLight: '#ffffff',
    select: '#ff4dff', hint: '#00c8ff',
    sinkRim: '#ffffff', sinkRimLight: '#ffffff', sinkDeep: '#000000', sinkEdge: '#ffd400',
    mark: '#ff3030', markFill: 'rgba(255, 48, 48, 0.4)', gridLine: 'rgba(255, 255, 255, 0.45)',
    page: '#000000',
  },
};

export const paletteOf = (theme) => PALETTES[theme] || PALETTES.light;
