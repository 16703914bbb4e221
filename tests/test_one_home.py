"""One home, proven: a scan of the package's syntax trees fails on a piece of knowledge written
outside its home — an HTTP status set, a retry loop, a list of code hosts, a host tested for
being on a domain. (Criterion ids, day
cuts, outcome groups, tier orders, default ports and the time-limit wording have scans of their
own beside the tests of their homes.)"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.support.syntax import package_modules, walked

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "auditor"

# Where each piece of knowledge lives (paths relative to the package).
STATUS_HOMES = frozenset({"net/policy.py", "net/answer.py", "check/answers.py", "hosts/answers.py"})
RETRY_HOMES = frozenset({"net/policy.py", "net/politeness.py"})
CODE_HOST_HOMES = frozenset({"links/hosts.py"})
DOMAIN_HOMES = frozenset({"links/origins.py"})
CODE_HOSTS = frozenset(
    {"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com", "huggingface.co",
     "hf.co"}
)  # fmt: skip


def _modules() -> tuple[tuple[str, ast.Module], ...]:
    """Every module's syntax tree (parsed once for every scan of the suite)."""
    return tuple((path.relative_to(PACKAGE).as_posix(), tree) for path, tree in package_modules())


def _collections(tree: ast.AST) -> Iterator[ast.Set | ast.Tuple | ast.List]:
    for node in walked(tree):
        if isinstance(node, ast.Set | ast.Tuple | ast.List):
            yield node


def _constants(node: ast.Set | ast.Tuple | ast.List) -> list[object]:
    return [e.value for e in node.elts if isinstance(e, ast.Constant)]


def test_http_status_sets_live_in_their_homes() -> None:
    found = []
    for name, tree in _modules():
        if name in STATUS_HOMES:
            continue
        for node in _collections(tree):
            values = _constants(node)
            statuses = [v for v in values if type(v) is int and 100 <= v <= 599]
            if len(statuses) >= 2 and len(statuses) == len(node.elts):
                found.append(f"{name}:{node.lineno} {statuses}")
    assert found == []


def _sleeps(loop: ast.For | ast.While | ast.AsyncFor) -> bool:
    for node in ast.walk(loop):
        if isinstance(node, ast.Await) and isinstance(node.value, ast.Call):
            func = node.value.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called == "sleep":
                return True
    return False


def test_retry_loops_live_in_the_retry_policy() -> None:
    found = [
        f"{name}:{node.lineno}"
        for name, tree in _modules()
        if name not in RETRY_HOMES
        for node in walked(tree)
        if isinstance(node, ast.For | ast.While | ast.AsyncFor) and _sleeps(node)
    ]
    assert found == []


def test_code_host_lists_live_in_links_hosts() -> None:
    found = []
    for name, tree in _modules():
        if name in CODE_HOST_HOMES:
            continue
        for node in _collections(tree):
            hosts = [v for v in _constants(node) if isinstance(v, str) and v in CODE_HOSTS]
            if len(hosts) >= 2:
                found.append(f"{name}:{node.lineno} {hosts}")
    assert found == []


def _on_domain_tests(tree: ast.AST) -> Iterator[int]:
    """Lines testing a name for a parent domain by hand: `.endswith("." + domain)` (or an
    f-string starting with the dot), which `links.origins.on_domain` answers."""
    for node in walked(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "endswith"
            and node.args
        ):
            continue
        suffix = node.args[0]
        if isinstance(suffix, ast.BinOp) and isinstance(suffix.left, ast.Constant):
            start = suffix.left.value
        elif isinstance(suffix, ast.JoinedStr) and suffix.values:
            first = suffix.values[0]
            start = first.value if isinstance(first, ast.Constant) else None
        else:
            continue
        if isinstance(start, str) and start == ".":
            yield node.lineno


def test_domain_tests_live_in_links_origins() -> None:
    found = [
        f"{name}:{line}"
        for name, tree in _modules()
        if name not in DOMAIN_HOMES
        for line in _on_domain_tests(tree)
    ]
    assert found == []


def test_the_scans_find_what_they_look_for() -> None:
    """Each scan on a module written to break its rule (so none of them passes by finding
    nothing)."""
    sample = ast.parse(
        "GONE = {404, 410}\n"
        "HOSTS = ('github.com', 'gitlab.com')\n"
        "async def f():\n"
        "    while True:\n"
        "        await asyncio.sleep(1)\n"
        "ON = host.endswith('.' + domain) or host.endswith(f'.{domain}')\n"
    )
    sets = [_constants(n) for n in _collections(sample)]
    assert [404, 410] in sets
    assert ["github.com", "gitlab.com"] in sets
    assert any(isinstance(n, ast.While) and _sleeps(n) for n in ast.walk(sample))
    assert list(_on_domain_tests(sample)) == [6, 6]
