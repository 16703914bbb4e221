"""The wall's timeline of one tuned audit of the one-host world: when each phase starts and ends.

`python -m benchmarks.timeline` builds the one-host world (800 unique links, 1,000 listed, 50 ms),
starts its fake web and fake GitHub, and runs `auditor audit` (tuned, with a token, the checkout
of `BENCH_AUDITOR_ROOT` or this one) with a probe that stamps, in seconds from the probe's
start: each link's result (cited or harvested), each web request and GitHub request (start and
end), each README analysis, the pipeline, its scoring and archives, and the reports. It prints
the phases and the web links that end last, with what they waited for. The probe wraps
functions by name (`pipeline.run._Checks.record`, `hosts.github.transport.Transport.send`,
`hosts.listing.complete`, `net.fetch.LinkFetcher.request`, `net.fetcher.Fetcher._exchange`,
`cli.audit._record`, `pipeline.run._scores`, `enrich.archives.after_verdicts`), so it reads any
checkout that has them. A link's request (`web`) includes its wait at the gates; its
exchange (`sent`) starts past them, stamped with its server's pace at that moment.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

T0 = time.monotonic()
EVENTS: list[dict[str, Any]] = []


def _now() -> float:
    return round(time.monotonic() - T0, 4)


def _timed(owner: Any, name: str, kind: str, info: Callable[..., dict[str, Any]]) -> None:
    original = getattr(owner, name)
    if inspect.iscoroutinefunction(original):

        @functools.wraps(original)
        async def waited(*args: Any, **kwargs: Any) -> Any:
            start, said = _now(), info(*args, **kwargs)  # as it was when the call began
            try:
                return await original(*args, **kwargs)
            finally:
                EVENTS.append({"t": start, "end": _now(), "kind": kind, **said})

        setattr(owner, name, waited)
        return

    @functools.wraps(original)
    def called(*args: Any, **kwargs: Any) -> Any:
        start, said = _now(), info(*args, **kwargs)
        try:
            return original(*args, **kwargs)
        finally:
            EVENTS.append({"t": start, "end": _now(), "kind": kind, **said})

    setattr(owner, name, called)


def _sent(self: Any, request: Any, gate: Any, *args: Any) -> dict[str, Any]:
    """An exchange past the gates: its URL and method, and its server's pace when it went out."""
    return {"url": request.url, "method": request.method, "allowed": gate.allowed,
            "interval": round(gate.interval, 4), "backoffs": gate.backoffs}  # fmt: skip


def probe() -> None:
    """The audit process: `auditor` with the stamps, its events written to $TIMELINE_OUT."""
    EVENTS.append({"t": _now(), "kind": "start"})
    cli = importlib.import_module("auditor.cli.main")
    audit = importlib.import_module("auditor.cli.audit")
    run = importlib.import_module("auditor.pipeline.run")
    transport = importlib.import_module("auditor.hosts.github.transport")
    listing = importlib.import_module("auditor.hosts.listing")
    fetch = importlib.import_module("auditor.net.fetch")
    fetcher = importlib.import_module("auditor.net.fetcher")
    EVENTS.append({"t": _now(), "kind": "imported"})
    record = run._Checks.record

    def recorded(self: Any, url: str, check: Any, facts: Any = None) -> None:
        link = self.links[url]
        EVENTS.append(
            {"t": _now(), "kind": "result", "url": url, "harvested": bool(link.found_via),
             "outcome": check.outcome.value}
        )  # fmt: skip
        record(self, url, check, facts)

    run._Checks.record = recorded
    nothing: Callable[..., dict[str, Any]] = lambda *args, **kwargs: {}  # noqa: E731
    _timed(transport.Transport, "send", "github", nothing)
    _timed(listing, "complete", "readme", nothing)
    _timed(fetch.LinkFetcher, "request", "web", lambda self, method, url, **kw: {"url": url})
    _timed(fetcher.Fetcher, "_exchange", "sent", _sent)
    _timed(audit, "_record", "reports", nothing)
    _timed(run, "run", "pipeline", nothing)
    archives = importlib.import_module("auditor.enrich.archives")
    _timed(run, "_scores", "scores", nothing)
    _timed(archives, "after_verdicts", "archives", nothing)
    try:
        code = cli.main(sys.argv[1:])
    finally:
        EVENTS.append({"t": _now(), "kind": "exit"})
        Path(os.environ["TIMELINE_OUT"]).write_text("".join(json.dumps(e) + "\n" for e in EVENTS))
    sys.exit(code)


def summary(events: list[dict[str, Any]], routes: dict[str, Any]) -> list[str]:
    """The phases, and the web links that end last with their requests."""

    def of(kind: str) -> list[dict[str, Any]]:
        return [event for event in events if event["kind"] == kind]

    def span(name: str, times: list[float]) -> str:
        times = sorted(times)
        if not times:
            return f"{name}: none"
        middle = statistics.median(times)
        return f"{name}: {len(times)}, {times[0]:.2f}-{times[-1]:.2f} s (median {middle:.2f} s)"

    lines = [f"imports done: {of('imported')[0]['t']:.2f} s"]
    results = of("result")
    lines.append(span("cited links judged", [e["t"] for e in results if not e["harvested"]]))
    lines.append(span("harvested links judged", [e["t"] for e in results if e["harvested"]]))
    github = of("github")
    if github:
        busy = sum(e["end"] - e["t"] for e in github)
        lines.append(
            f"GitHub requests: {len(github)}, first sent {github[0]['t']:.2f} s, last answered "
            f"{max(e['end'] for e in github):.2f} s ({busy:.2f} s in flight)"
        )
    readmes = of("readme")
    if readmes:
        busy = sum(e["end"] - e["t"] for e in readmes)
        lines.append(
            f"README analyses: {len(readmes)}, {min(e['t'] for e in readmes):.2f} s to "
            f"{max(e['end'] for e in readmes):.2f} s ({busy:.2f} s analysing)"
        )
    for kind in ("pipeline", "scores", "archives", "reports"):
        for event in of(kind):
            lines.append(f"{kind}: {event['t']:.2f} s to {event['end']:.2f} s")
    lines.append(f"exit: {of('exit')[0]['t']:.2f} s")
    sent = [event for event in of("sent") if "/graphql" not in event["url"]]
    if sent:
        lines.append(
            f"exchanges past the gates: {len(sent)}, {min(e['t'] for e in sent):.2f}-"
            f"{max(e['end'] for e in sent):.2f} s; the busiest server's back-offs: "
            f"{max(e['backoffs'] for e in sent)}"
        )

    def path_of(event: dict[str, Any]) -> str:
        return ("/" + event["url"].split("/", 3)[3]).removesuffix("-new")

    asked: dict[str, list[tuple[float, float]]] = defaultdict(list)
    exchanged: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for event in of("web"):
        asked[path_of(event)].append((event["t"], event["end"]))
    for event in sent:
        exchanged[path_of(event)].append((event["t"], event["end"]))
    last = sorted(asked, key=lambda path: -max(end for _, end in asked[path]))[:6]
    lines.append(
        "web links ending last (category: each request's start-end; [its exchanges past the "
        "gates], so the wait at the gate is what lies between):"
    )
    for path in last:
        category = routes.get(path, ["?"])[0]
        tries = ", ".join(f"{start:.2f}-{end:.2f}" for start, end in asked[path])
        sends = ", ".join(f"{start:.2f}-{end:.2f}" for start, end in exchanged[path])
        lines.append(f"  {path} ({category}): {tries} [{sends}]")
    late = Counter(routes.get(path, ["?"])[0] for path in last)
    lines.append(f"  categories: {dict(late)}")
    return lines


def main() -> None:
    from benchmarks import harness, world
    from benchmarks.run import AUDITOR_TUNED, free_port

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=harness.OUT / "timeline.jsonl")
    args = parser.parse_args()
    built = world.build_one_host(800, 1000, port=free_port())
    folder = harness.OUT / "timeline-world"
    built.dump(folder)
    web = harness._Server(["benchmarks.fake_web", str(folder / "web.json"), "--latency", "0.05"])
    github = harness._Server(
        ["benchmarks.fake_github_server", str(folder / "repos.json"), "--latency", "0.05",
         "--token", harness.TOKEN]
    )  # fmt: skip
    try:
        reports = folder / "reports"
        shutil.rmtree(reports, ignore_errors=True)
        env = harness._env(harness.TOKEN)
        env["TIMELINE_OUT"] = str(args.out.resolve())
        # The probe from this file, `auditor` from the checkout measured (first on the path).
        load = f"import runpy; runpy.run_path({str(Path(__file__))!r}, run_name='probe')['probe']()"
        argv = [sys.executable, "-c", load,
                "audit", str(folder / "links.md"), "--out", str(reports), "--allow-private",
                "127.0.0.0/8", "--no-cache", "--fail-on", "never", "-q", "--github-api-url",
                github.address, *AUDITOR_TUNED]  # fmt: skip
        started, before = time.monotonic(), os.times()
        subprocess.run(argv, env=env, cwd=folder, check=True)
        after = os.times()
        cpu = after.children_user + after.children_system
        cpu -= before.children_user + before.children_system
        print(f"auditor: {harness.AUDITOR_ROOT}; wall {time.monotonic() - started:.2f} s, "
              f"CPU {cpu:.2f} s; GitHub {github.command('stats')}")  # fmt: skip
    finally:
        github.stop()
        web.stop()
    events = [json.loads(line) for line in args.out.read_text().splitlines()]
    routes = json.loads((folder / "web.json").read_text())["routes"]
    print("\n".join(summary(events, routes)))


if __name__ == "__main__":
    main()
