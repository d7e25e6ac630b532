"""Drawing and controls shared by every screen: text, panels and backgrounds, the menus'
self-drawn controls (docs in each module)."""
