"""The browser tests' one Chromium: started once for the folder's tests on a worker, which each
module started and stopped for itself (about 2.5 s of CPU each, for two tests in two modules).
Not for the whole run: while Playwright's sync API is open, its event loop is marked as
running in this thread, and the asyncio tests after it could not start theirs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.chromium import ARGS, CHROMIUM


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield instance
        instance.close()
