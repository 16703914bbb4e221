"""index.html in headless Chromium: behaviour and layout at desktop and phone widths."""
