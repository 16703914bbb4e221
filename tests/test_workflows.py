"""The GitHub workflows and the composite action: schemas, zizmor, pinning, least privilege."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from auditor.actions import OUTPUT_NAMES

yaml = pytest.importorskip("ruamel.yaml", reason="ruamel.yaml comes with check-jsonschema")

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ACTION = ROOT / "action.yml"
AUDIT = ROOT / ".github" / "workflows" / "audit.yml"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40} # v\d+\.\d+\.\d+$")


def load(path: Path) -> Any:
    return yaml.YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def tool(name: str) -> str:
    """A command installed beside this Python (the test extra): conftest empties PATH of it."""
    path = Path(sys.executable).parent / name
    if not path.exists():
        pytest.skip(f"{name} is not installed: pip install -e '.[test]'")
    return str(path)


def steps(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """(job id, step) of every step; the action's steps under job id "action"."""
    document = load(path)
    if "runs" in document:
        return [("action", step) for step in document["runs"]["steps"]]
    return [(job_id, step) for job_id, job in document["jobs"].items() for step in job["steps"]]


def uses_lines(path: Path) -> list[str]:
    return [
        line.split("uses:", 1)[1].strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.match(r"^\s*(- )?uses:", line)
    ]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_workflow_passes_githubs_workflow_schema(workflow: Path) -> None:
    check = [tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows"]
    answer = subprocess.run([*check, str(workflow)], capture_output=True, text=True, check=False)

    assert answer.returncode == 0, answer.stdout + answer.stderr


def test_action_passes_githubs_action_schema() -> None:
    check = [tool("check-jsonschema"), "--builtin-schema", "vendor.github-actions"]
    answer = subprocess.run([*check, str(ACTION)], capture_output=True, text=True, check=False)

    assert answer.returncode == 0, answer.stdout + answer.stderr


def test_zizmor_finds_no_high_severity_problem() -> None:
    files = [str(path) for path in (*WORKFLOWS, ACTION)]
    answer = subprocess.run(
        [tool("zizmor"), "--offline", "--no-progress", "--format", "json", *files],
        capture_output=True,
        text=True,
        check=False,
    )
    findings = json.loads(answer.stdout)

    high = [f for f in findings if f["determinations"]["severity"] == "High"]
    assert high == [], json.dumps(high, indent=2)


@pytest.mark.parametrize("path", [*WORKFLOWS, ACTION], ids=lambda path: path.name)
def test_every_action_is_pinned_to_a_commit_with_its_version(path: Path) -> None:
    used = uses_lines(path)

    assert used
    assert [line for line in used if not PINNED.match(line)] == []


def test_an_action_is_pinned_to_one_commit_everywhere() -> None:
    commits: dict[str, set[str]] = {}
    for path in (*WORKFLOWS, ACTION):
        for line in uses_lines(path):
            name, commit = line.split(" ")[0].split("@")
            repository = "/".join(name.split("/")[:2])  # actions/cache/save is actions/cache
            commits.setdefault(repository, set()).add(commit)

    assert {name: sha for name, sha in commits.items() if len(sha) > 1} == {}


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda path: path.name)
def test_least_privilege(workflow: Path) -> None:
    document = load(workflow)
    writes = {
        job_id: {scope for scope, level in job["permissions"].items() if level == "write"}
        for job_id, job in document["jobs"].items()
    }

    assert document["permissions"] == {}
    assert {job_id: scopes for job_id, scopes in writes.items() if scopes} == (
        {"pages": {"pages", "id-token"}, "issue": {"issues"}} if workflow == AUDIT else {}
    )


@pytest.mark.parametrize("path", [*WORKFLOWS, ACTION], ids=lambda path: path.name)
def test_no_expression_is_interpolated_into_a_script(path: Path) -> None:
    scripts = [step["run"] for _, step in steps(path) if "run" in step]

    assert scripts
    assert [script for script in scripts if "${{" in script] == []


def test_the_audit_runs_weekly_and_on_demand() -> None:
    triggers = load(AUDIT)["on"]

    assert re.fullmatch(r"\d+ \d+ \* \* \d", triggers["schedule"][0]["cron"])
    assert "workflow_dispatch" in triggers


def step_of(job: str, needle: str, field: str = "run") -> dict[str, Any]:
    """The first step of an audit.yml job whose `field` holds `needle`."""
    return next(step for step in load(AUDIT)["jobs"][job]["steps"] if needle in step.get(field, ""))


def test_shards_are_fanned_out_and_merged() -> None:
    jobs = load(AUDIT)["jobs"]
    shards = jobs["audit"]["strategy"]["matrix"]["shard"]
    audit = step_of("audit", "auditor audit")["run"]
    merge = step_of("merge", "auditor merge")["run"]

    assert shards == list(range(1, len(shards) + 1))
    assert f'--shard "$SHARD/{len(shards)}"' in audit
    assert jobs["merge"]["needs"] == "audit"
    assert "--db reports/history.sqlite" in merge
    assert "--fail-on new-dead" in merge


def test_caches_are_restored_and_saved_under_a_per_run_key() -> None:
    found = steps(AUDIT)
    restores = [(job, step) for job, step in found if "cache/restore@" in step.get("uses", "")]
    saves = {
        (job, step["with"]["key"]): step
        for job, step in found
        if "cache/save@" in step.get("uses", "")
    }

    assert {step["with"]["path"] for _, step in restores} == {
        ".cache/verdicts",
        "reports/history.sqlite*",
    }
    for job, restore in restores:
        key = restore["with"]["key"]
        assert "${{ github.run_id }}" in key
        assert key.startswith(restore["with"]["restore-keys"])
        save = saves[(job, key)]
        assert save["with"]["path"] == restore["with"]["path"]
        assert save["if"] == "always()"


def test_the_token_is_passed_explicitly_to_every_step_that_calls_github() -> None:
    calls = [
        step for _, step in steps(AUDIT) if re.search(r"auditor (audit|issue)", step.get("run", ""))
    ]

    assert len(calls) == 2
    assert all(step["env"]["GITHUB_TOKEN"] == "${{ secrets.GITHUB_TOKEN }}" for step in calls)


def test_checkouts_keep_no_credentials() -> None:
    checkouts = [step for _, step in steps(AUDIT) if "actions/checkout@" in step.get("uses", "")]

    assert len(checkouts) == 3
    assert all(step["with"]["persist-credentials"] is False for step in checkouts)


def test_the_history_database_stays_out_of_the_pages_site() -> None:
    upload = step_of("merge", "upload-pages-artifact@", "uses")
    site = step_of("merge", "Prepare the Pages site", "name")["run"]

    assert upload["with"]["path"] == "site/"
    assert "sqlite" not in site


def test_the_action_interface() -> None:
    action = load(ACTION)
    audit = next(step for step in action["runs"]["steps"] if step.get("id") == "audit")

    assert action["runs"]["using"] == "composite"
    assert set(action["inputs"]) == {"paths", "fail-on", "token", "args"}
    assert tuple(action["outputs"]) == OUTPUT_NAMES
    assert {name: output["value"] for name, output in action["outputs"].items()} == {
        name: f"${{{{ steps.audit.outputs.{name} }}}}" for name in OUTPUT_NAMES
    }
    assert audit["env"]["GITHUB_TOKEN"] == "${{ inputs.token }}"
    assert '--fail-on "$FAIL_ON"' in audit["run"]


def test_the_scheduled_audit_runs_on_its_default_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exact command of the audit step, with the workflow's default paths (a folder), on
    an offline machine: every paper list under the folder is read, none is an input error."""
    import shlex
    import shutil

    from auditor import cli, pipeline
    from tests.support.local_servers import BrokenDNS

    step = next(step for _, step in steps(AUDIT) if step.get("name") == "Audit this shard")
    default = load(AUDIT)["on"]["workflow_dispatch"]["inputs"]["paths"]["default"]
    assert step["env"]["PAPER_LISTS"] == "${{ inputs.paths || '" + default + "' }}"
    command = next(
        line
        for line in step["run"].replace("\\\n", " ").splitlines()
        if line.strip().startswith("auditor ")
    )
    environ = {"PAPER_LISTS": default, "SHARD": "1"}
    # The shell's expansion: $PAPER_LISTS is split on spaces, "$SHARD" is one word.
    expanded = re.sub(r"\$(\w+)", lambda match: environ[match.group(1)], command)
    argv = shlex.split(expanded)
    assert argv[:2] == ["auditor", "audit"]

    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    run = pipeline.run

    def offline(*args: Any, **kwargs: Any) -> Any:
        return run(*args, **{**kwargs, "resolver": BrokenDNS()})

    monkeypatch.setattr(pipeline, "run", offline)
    code = cli.main(argv[1:], environ={})

    assert code in (cli.EXIT_OK, cli.EXIT_NOTHING_CHECKED)  # offline: nothing gets a verdict
    document = json.loads((tmp_path / "reports" / "shard-1" / "scorecard.json").read_text())
    assert [(summary["path"], summary["papers"]) for summary in document["inputs"]] == [
        ("examples/000_d643c9357865a2b9.txt", 19),
        ("examples/003_96e5ff710e441401.txt", 19),
    ]
    assert all(summary["error"] is None for summary in document["inputs"])
    assert document["papers"]
    assert {paper["date"] for paper in document["papers"]} == {"2026-07"}
