"""The command line starts at once: the parser is built without the pipeline, and each command
imports only what it runs with (`auditor.cli.main`). Each case runs in a fresh interpreter and
lists `sys.modules` after the command; benchmarks/startup.py times the same commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What no command that starts at once may load: the report templates, the HTML parsers, the HTTP
# stack (today's and the one issue 27 may bring), SQLite (cache and history), the JSON codec, the
# Markdown and reStructuredText parsers and the host adapters.
HEAVY = (
    "jinja2",
    "bs4",
    "html5lib",
    "lxml",
    "selectolax",
    "httpx",
    "httpcore",
    "anyio",
    "aiohttp",
    "auditor.net",
    "sqlite3",
    "_sqlite3",
    "msgspec",
    "markdown_it",
    "docutils",
    "auditor.hosts",
)

PAPER_LIST = "A tiny paper\n\nWe study small things. Code: https://github.com/example-lab/tiny\n"
README = "# tiny\n\n## Installation\n\n```\npip install tiny\n```\n"
README_RST = "tiny\n====\n\nInstallation\n------------\n\n::\n\n   pip install tiny\n"


def _loaded_after(code: str, folder: Path) -> set[str]:
    """The modules a fresh interpreter holds after `code` (this checkout's `auditor`)."""
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=folder,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return set(done.stderr.split())


def _heavy(modules: set[str]) -> list[str]:
    return sorted(
        name for name in modules if any(name == h or name.startswith(h + ".") for h in HEAVY)
    )


def _command(words: list[str]) -> str:
    return (
        "from auditor.cli.main import main\n"
        f"code = main({words!r}, environ={{}})\n"
        "assert code == 0, code\n"
    )


@pytest.mark.parametrize(
    ("words", "needs"),
    [
        (["--version"], ()),
        (["--help"], ()),
        (["audit", "--help"], ()),
        (["extract", "paper.txt"], ()),
        (["extract", "paper.txt", "--format", "json"], ()),
        # A README is Markdown: reading it needs the one Markdown reader, and nothing else heavy.
        (["readme", "README.md"], ("markdown_it",)),
        # A reStructuredText README is read by docutils, loaded for it alone.
        (["readme", "README.rst"], ("markdown_it", "docutils")),
    ],
    ids=lambda words: " ".join(words) if isinstance(words, list) else None,
)
def test_a_quick_command_loads_nothing_heavy(
    words: list[str], needs: tuple[str, ...], tmp_path: Path
) -> None:
    (tmp_path / "paper.txt").write_text(PAPER_LIST, encoding="utf-8")
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    (tmp_path / "README.rst").write_text(README_RST, encoding="utf-8")
    loaded = _loaded_after(_command(words), tmp_path)
    assert "auditor.cli.main" in loaded
    assert [name for name in _heavy(loaded) if name.split(".")[0] not in needs] == []


def test_version_loads_no_pipeline_and_no_event_loop(tmp_path: Path) -> None:
    loaded = _loaded_after(_command(["--version"]), tmp_path)
    assert {
        "auditor.pipeline.run",
        "auditor.extract.collect",
        "auditor.models",
        "asyncio",
    } & loaded == set()


def test_the_console_script_entry_loads_nothing_heavy(tmp_path: Path) -> None:
    # `auditor` and `python -m auditor` start from `auditor.cli.entry`.
    loaded = _loaded_after("from auditor.cli import entry", tmp_path)
    assert _heavy(loaded) == []


def test_the_listing_sees_what_an_audit_loads(tmp_path: Path) -> None:
    # The check above can fail: the modules an audit runs with are heavy, and seen.
    loaded = _loaded_after("import auditor.pipeline.run", tmp_path)
    assert {"aiohttp", "sqlite3", "auditor.hosts"} <= set(_heavy(loaded))
