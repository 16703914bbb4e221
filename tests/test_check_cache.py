"""The verdict cache: what is kept, for how long, and that a broken file never stops a run."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from auditor.check.cache import FILE_NAME, VerdictCache
from auditor.config.settings import Settings
from auditor.models import Hop, LinkCheck, Outcome

URL = "https://project.test/"
GOOD = LinkCheck(
    Outcome.MOVED,
    "moved permanently (301) to https://new.test/, which answers 200 OK",
    "2026-01-02T03:04:05Z",
    http_status=200,
    final_url="https://new.test/",
    redirects=(Hop(URL, 301),),
    page_title="Project",
    code_links=("https://github.com/a/b", "https://huggingface.co/a/b"),
    etag='W/"abc"',
    last_modified="Tue, 01 Jul 2025 10:00:00 GMT",
)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_good_verdicts_round_trip_within_max_age(tmp_path: Path) -> None:
    clock = Clock()
    with VerdictCache(tmp_path, max_age=100, clock=clock) as cache:
        cache.put(URL, GOOD)
    with VerdictCache(tmp_path, max_age=100, clock=clock) as reopened:
        assert reopened.get(URL) == GOOD
        clock.now += 101
        assert reopened.get(URL) is None  # too old to reuse…
        assert reopened.previous(URL) == GOOD  # …but still what a 304 confirms
        assert reopened.validators(URL) == ('W/"abc"', "Tue, 01 Jul 2025 10:00:00 GMT")
    assert (tmp_path / FILE_NAME).exists()


@pytest.mark.parametrize("outcome", [Outcome.DEAD, Outcome.BLOCKED, Outcome.EXCLUDED])
def test_bad_verdicts_are_not_kept_and_forget_the_good_one(
    tmp_path: Path, outcome: Outcome
) -> None:
    with VerdictCache(tmp_path, max_age=100) as cache:
        cache.put(URL, GOOD)
        cache.put(URL, LinkCheck(outcome, "404 Not Found", "2026-01-02T03:04:05Z"))
        assert cache.get(URL) is None
        assert cache.validators(URL) == (None, None)


@pytest.mark.parametrize("outcome", [Outcome.TRANSIENT, Outcome.UNCHECKED])
def test_verdicts_that_say_nothing_new_leave_the_good_one(tmp_path: Path, outcome: Outcome) -> None:
    with VerdictCache(tmp_path, max_age=100) as cache:
        cache.put(URL, GOOD)
        cache.put(URL, LinkCheck(outcome, "503 Service Unavailable", "2026-01-02T03:04:05Z"))
        assert cache.get(URL) == GOOD


def test_api_answers(tmp_path: Path) -> None:
    key = "https://api.github.com/repos/a/b"
    with VerdictCache(tmp_path, max_age=100) as cache:
        assert cache.api_get(key) is None
        cache.api_put(key, '"etag-1"', '{"full_name": "a/b"}')
        cache.api_put(key, '"etag-2"', '{"full_name": "a/b", "archived": true}')
        assert cache.api_get(key) == ('"etag-2"', '{"full_name": "a/b", "archived": true}')
        cache.api_put("https://api.github.com/x", None, "{}")
        assert cache.api_get("https://api.github.com/x") == (None, "{}")


def test_corrupt_file_is_replaced_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"this is not a database" * 100)
    with caplog.at_level(logging.WARNING), VerdictCache(tmp_path, max_age=100) as cache:
        cache.put(URL, GOOD)
        assert cache.get(URL) == GOOD
    assert any("starting a fresh one" in record.getMessage() for record in caplog.records)


def test_unusable_directory_means_no_cache(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory should be")
    with caplog.at_level(logging.WARNING), VerdictCache(blocker, max_age=100) as cache:
        cache.put(URL, GOOD)
        assert cache.get(URL) is None
        assert cache.api_get("k") is None
    assert any("running without it" in record.getMessage() for record in caplog.records)


def test_from_settings(tmp_path: Path) -> None:
    assert VerdictCache.from_settings(Settings(cache_dir=None)) is None
    cache = VerdictCache.from_settings(Settings(cache_dir=tmp_path / "c", max_cache_age=5))
    assert cache is not None
    assert cache.path == tmp_path / "c" / FILE_NAME
    assert cache.max_age == 5
    cache.close()
