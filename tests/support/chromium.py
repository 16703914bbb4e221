"""The Chromium the browser tests and the browser benchmark drive: Debian's, as `.ci/run`
installs it (Playwright's own download is not used), started with these flags."""

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
