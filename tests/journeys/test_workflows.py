"""The GitHub workflows, the composite action and the workflow offered to copy: schemas, zizmor,
pinning, least privilege; the run history's branch; the release check; the README's copies."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from auditor.actions.workflow import OUTPUT_NAMES

yaml = pytest.importorskip("ruamel.yaml", reason="ruamel.yaml comes with check-jsonschema")

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ACTION = ROOT / "action.yml"
AUDIT = ROOT / ".github" / "workflows" / "audit.yml"
RELEASE = ROOT / ".github" / "workflows" / "release.yml"
EXAMPLE = ROOT / "examples" / "workflows" / "paper-audit.yml"
# The variant for lists too large for one job: shards in a matrix, merged by the action.
MATRIX_EXAMPLE = ROOT / "examples" / "workflows" / "paper-audit-matrix.yml"
EXAMPLES = (EXAMPLE, MATRIX_EXAMPLE)
HISTORY_SCRIPT = ROOT / "scripts" / "history-branch.sh"
README = ROOT / "README.md"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40} # v\d+\.\d+\.\d+$")
# The one tag reference: the example offers paper-auditor's moving major tag, zizmor told why.
OUR_MAJOR_TAG = "<owner>/paper-auditor@v1 # zizmor: ignore[unpinned-uses]"
# Jobs allowed to write, and what: anything else reads at most.
WRITES = {
    "audit.yml": {"pages": {"pages", "id-token"}, "issue": {"issues"}, "history": {"contents"}},
    "release.yml": {"release": {"contents"}},
    "paper-audit.yml": {"audit": {"contents"}, "pages": {"pages", "id-token"}},
    "paper-audit-matrix.yml": {"merge": {"contents"}},
}
COMPLETED = 'contains(fromJSON(\'["0", "1"]\'), '  # an audit that exited 0 or 1


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


@pytest.mark.parametrize("workflow", [*WORKFLOWS, *EXAMPLES], ids=lambda path: path.name)
def test_workflow_passes_githubs_workflow_schema(workflow: Path) -> None:
    check = [tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows"]
    answer = subprocess.run([*check, str(workflow)], capture_output=True, text=True, check=False)

    assert answer.returncode == 0, answer.stdout + answer.stderr


def test_action_passes_githubs_action_schema() -> None:
    check = [tool("check-jsonschema"), "--builtin-schema", "vendor.github-actions"]
    answer = subprocess.run([*check, str(ACTION)], capture_output=True, text=True, check=False)

    assert answer.returncode == 0, answer.stdout + answer.stderr


def test_zizmor_finds_no_high_severity_problem() -> None:
    files = [str(path) for path in (*WORKFLOWS, ACTION, *EXAMPLES)]
    answer = subprocess.run(
        [tool("zizmor"), "--offline", "--no-progress", "--format", "json", *files],
        capture_output=True,
        text=True,
        check=False,
    )
    findings = json.loads(answer.stdout)

    high = [f for f in findings if f["determinations"]["severity"] == "High"]
    assert high == [], json.dumps(high, indent=2)


@pytest.mark.parametrize("path", [*WORKFLOWS, ACTION, *EXAMPLES], ids=lambda path: path.name)
def test_every_action_is_pinned_to_a_commit_with_its_version(path: Path) -> None:
    used = uses_lines(path)
    ours = [line for line in used if line == OUR_MAJOR_TAG] if path in EXAMPLES else []

    assert used
    assert [line for line in used if not PINNED.match(line)] == ours


def test_an_action_is_pinned_to_one_commit_everywhere() -> None:
    commits: dict[str, set[str]] = {}
    for path in (*WORKFLOWS, ACTION, *EXAMPLES):
        for line in uses_lines(path):
            if line == OUR_MAJOR_TAG:
                continue
            name, commit = line.split(" ")[0].split("@")
            repository = "/".join(name.split("/")[:2])  # actions/cache/save is actions/cache
            commits.setdefault(repository, set()).add(commit)

    assert {name: sha for name, sha in commits.items() if len(sha) > 1} == {}


@pytest.mark.parametrize("workflow", [*WORKFLOWS, *EXAMPLES], ids=lambda path: path.name)
def test_least_privilege(workflow: Path) -> None:
    document = load(workflow)
    writes = {
        job_id: {scope for scope, level in job["permissions"].items() if level == "write"}
        for job_id, job in document["jobs"].items()
    }

    assert document["permissions"] == {}
    assert {job_id: scopes for job_id, scopes in writes.items() if scopes} == WRITES.get(
        workflow.name, {}
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
    assert "--db history/history.sqlite" in merge
    assert "--fail-on new-dead" in merge


def test_caches_are_restored_and_saved_under_a_per_run_key() -> None:
    found = [*steps(AUDIT), *steps(ACTION)]
    restores = [(job, step) for job, step in found if "cache/restore@" in step.get("uses", "")]
    saves = {
        (job, step["with"]["key"]): step
        for job, step in found
        if "cache/save@" in step.get("uses", "")
    }

    assert {step["with"]["path"] for _, step in restores} == {
        ".cache/verdicts",
        "${{ runner.temp }}/paper-auditor-history/history.sqlite",
    }
    for job, restore in restores:
        key = restore["with"]["key"]
        assert "${{ github.run_id }}" in key
        assert key.startswith(restore["with"]["restore-keys"])
        save = saves[(job, key)]
        assert save["with"]["path"] == restore["with"]["path"]
    assert len(saves) == len(restores)


def test_the_token_is_passed_explicitly_to_every_step_that_calls_github() -> None:
    calls = [
        step for _, step in steps(AUDIT) if re.search(r"auditor (audit|issue)", step.get("run", ""))
    ]

    assert len(calls) == 2
    assert all(step["env"]["GITHUB_TOKEN"] == "${{ secrets.GITHUB_TOKEN }}" for step in calls)


def test_checkouts_keep_no_credentials() -> None:
    checkouts = [step for _, step in steps(AUDIT) if "actions/checkout@" in step.get("uses", "")]

    assert len(checkouts) == 4
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
    assert set(action["inputs"]) == {
        "command",
        "paths",
        "fail-on",
        "token",
        "args",
        "history",
        "history-branch",
        "timeout-minutes",
    }
    assert action["inputs"]["timeout-minutes"]["default"] == "360"  # GitHub's default
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

    from auditor import cli
    from auditor.pipeline import run as pipeline
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


# --- the run history on its branch ----------------------------------------------------------


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout.strip()


@pytest.fixture
def history_remote(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A bare repository standing for GitHub, and the environment the workflows give the
    script (no token: the remote is a local path)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    remote = tmp_path / "remote.git"
    git("init", "-q", "--bare", str(remote), cwd=tmp_path)
    environ = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),  # no user configuration
        "GIT_CONFIG_NOSYSTEM": "1",
        "HISTORY_REMOTE": str(remote),
        "HISTORY_BRANCH": "paper-auditor-history",
    }
    return remote, environ


def history_script(
    command: str, environ: dict[str, str], **more: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(HISTORY_SCRIPT), command],
        env={**environ, **more},
        capture_output=True,
        text=True,
        check=False,
    )


def a_history(path: Path, runs: int) -> bytes:
    """A real history file holding `runs` runs, closed as the auditor closes it."""
    from auditor.history import History

    with History.open(path) as history:
        for _ in range(runs):
            history.begin_run()
    return path.read_bytes()


def test_the_history_round_trips_through_its_branch(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]]
) -> None:
    remote, environ = history_remote
    first = tmp_path / "first" / "history.sqlite"
    again = tmp_path / "again" / "history.sqlite"

    start = history_script("restore", environ, HISTORY_FILE=str(first))
    assert start.returncode == 0, start.stderr
    assert "does not exist yet" in start.stdout
    assert not first.exists()

    saved = a_history(first, runs=1)
    for exit_code in ("0", "1"):  # 1: the audit's findings, a completed run all the same
        save = history_script("save", environ, HISTORY_FILE=str(first), AUDIT_EXIT_CODE=exit_code)
        assert save.returncode == 0, save.stderr
        restore = history_script("restore", environ, HISTORY_FILE=str(again))
        assert restore.returncode == 0, restore.stderr
        assert again.read_bytes() == saved
        saved = a_history(first, runs=1)

    branch = "refs/heads/paper-auditor-history"
    assert git("ls-tree", "--name-only", branch, cwd=remote) == "history.sqlite"
    assert git("rev-list", "--count", branch, cwd=remote) == "2"  # each save on the last
    with sqlite3.connect(again) as restored:
        assert restored.execute("SELECT COUNT(*) FROM runs").fetchone() == (2,)


@pytest.mark.parametrize("exit_code", ["2", "3", "4", ""])
def test_a_failed_audit_saves_no_history(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]], exit_code: str
) -> None:
    remote, environ = history_remote
    local = tmp_path / "history.sqlite"
    kept = a_history(local, runs=1)
    assert history_script("save", environ, HISTORY_FILE=str(local), AUDIT_EXIT_CODE="0").stdout
    tip = git("rev-parse", "refs/heads/paper-auditor-history", cwd=remote)
    a_history(local, runs=1)

    save = history_script("save", environ, HISTORY_FILE=str(local), AUDIT_EXIT_CODE=exit_code)

    assert save.returncode == 0, save.stderr
    assert "history not saved" in save.stdout
    assert git("rev-parse", "refs/heads/paper-auditor-history", cwd=remote) == tip
    restored = tmp_path / "restored.sqlite"
    assert history_script("restore", environ, HISTORY_FILE=str(restored)).returncode == 0
    assert restored.read_bytes() == kept


def test_a_branch_without_a_history_is_refused(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]]
) -> None:
    remote, environ = history_remote
    work = tmp_path / "work"
    git("init", "-q", "-b", "paper-auditor-history", str(work), cwd=tmp_path)
    (work / "notes.txt").write_text("not a history\n")
    git("add", "notes.txt", cwd=work)
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "x", cwd=work)
    git("push", "-q", str(remote), "paper-auditor-history", cwd=work)

    restore = history_script("restore", environ, HISTORY_FILE=str(tmp_path / "h.sqlite"))

    assert restore.returncode == 1
    assert "holds no history.sqlite" in restore.stderr


@pytest.mark.parametrize(
    ("branch", "said"),
    [
        ("history\n::error::injected", "a control character (a newline?) in the name"),
        ("bad..name", "not a valid branch name (git check-ref-format)"),
        ("-history", "not a valid branch name (git check-ref-format)"),
    ],
)
@pytest.mark.parametrize("command", ["restore", "save"])
def test_a_branch_name_that_is_no_branch_is_refused_on_one_line(
    tmp_path: Path,
    history_remote: tuple[Path, dict[str, str]],
    branch: str,
    said: str,
    command: str,
) -> None:
    remote, environ = history_remote
    local = tmp_path / "history.sqlite"
    a_history(local, runs=1)

    run = history_script(
        command, environ, HISTORY_FILE=str(local), AUDIT_EXIT_CODE="0", HISTORY_BRANCH=branch
    )

    assert run.returncode == 1
    assert run.stdout == ""
    (line,) = run.stderr.splitlines()  # the newline shown quoted: no line of its own
    assert line.startswith("history branch ")
    assert line.endswith(f": {said}")
    assert git("for-each-ref", cwd=remote) == ""  # nothing pushed


def _a_default_branch(tmp_path: Path, remote: Path) -> str:
    """`main` pushed to `remote` as its default branch, holding a file of code; its commit."""
    work = tmp_path / "code"
    git("init", "-q", "-b", "main", str(work), cwd=tmp_path)
    (work / "train.py").write_text("print('the code')\n")
    git("add", "train.py", cwd=work)
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "x", cwd=work)
    git("push", "-q", str(remote), "main", cwd=work)
    git("symbolic-ref", "HEAD", "refs/heads/main", cwd=remote)
    return git("rev-parse", "refs/heads/main", cwd=remote)


def test_the_default_branch_is_never_the_history_branch(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]]
) -> None:
    remote, environ = history_remote
    tip = _a_default_branch(tmp_path, remote)
    local = tmp_path / "history.sqlite"
    a_history(local, runs=1)

    save = history_script(
        "save", environ, HISTORY_FILE=str(local), AUDIT_EXIT_CODE="0", HISTORY_BRANCH="main"
    )

    assert save.returncode == 1
    assert save.stderr.splitlines() == [
        "history branch main: is the repository's default branch; name a branch of its own "
        "(paper-auditor-history)"
    ]
    assert git("rev-parse", "refs/heads/main", cwd=remote) == tip


def test_a_branch_holding_other_files_is_never_saved_over(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]]
) -> None:
    remote, environ = history_remote
    tip = _a_default_branch(tmp_path, remote)
    git("update-ref", "refs/heads/release", tip, cwd=remote)
    local = tmp_path / "history.sqlite"
    a_history(local, runs=1)

    save = history_script(
        "save", environ, HISTORY_FILE=str(local), AUDIT_EXIT_CODE="0", HISTORY_BRANCH="release"
    )

    assert save.returncode == 1
    assert "holds files other than history.sqlite: not a history branch" in save.stderr
    assert git("rev-parse", "refs/heads/release", cwd=remote) == tip


def test_a_push_race_lost_is_named_as_such(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]]
) -> None:
    remote, environ = history_remote
    local = tmp_path / "history.sqlite"
    a_history(local, runs=1)
    assert history_script("save", environ, HISTORY_FILE=str(local), AUDIT_EXIT_CODE="0").stdout
    # Another run's save lands between this run's fetch and its push: `git push` is wrapped
    # to make one first.
    shims = tmp_path / "bin"
    shims.mkdir()
    real_git = shutil.which("git")
    (shims / "git").write_text(
        "#!/bin/sh\n"
        'case " $* " in *" push "*)\n'
        f'  other=$({real_git} -C {remote} commit-tree "$({real_git} -C {remote} rev-parse '
        'refs/heads/paper-auditor-history^{tree})" -m "another run")\n'
        f'  {real_git} -C {remote} update-ref refs/heads/paper-auditor-history "$other" ;;\n'
        "esac\n"
        f'exec {real_git} "$@"\n'
    )
    (shims / "git").chmod(0o755)
    a_history(local, runs=1)

    save = history_script(
        "save",
        environ,
        HISTORY_FILE=str(local),
        AUDIT_EXIT_CODE="0",
        PATH=f"{shims}:{environ['PATH']}",
    )

    assert save.returncode == 1
    assert save.stderr.splitlines() == [
        "history branch paper-auditor-history: another run saved its history first (push "
        "rejected: not a fast-forward); this run's is not saved"
    ]


def action_step(name: str) -> dict[str, Any]:
    return next(step for _, step in steps(ACTION) if step.get("name") == name)


def test_the_action_keeps_the_history_on_a_branch_by_default() -> None:
    inputs = load(ACTION)["inputs"]
    restore = action_step("Restore the run history from its branch")
    save = action_step("Save the run history to its branch")

    assert inputs["history"]["default"] == "branch"
    assert inputs["history-branch"]["default"] == "paper-auditor-history"
    script = 'bash "$GITHUB_ACTION_PATH/scripts/history-branch.sh"'
    assert restore["run"] == f"{script} restore"
    assert save["run"] == f"{script} save"
    assert save["env"]["AUDIT_EXIT_CODE"] == "${{ steps.audit.outputs.exit-code }}"
    assert restore["env"]["HISTORY_FILE"] == save["env"]["HISTORY_FILE"]
    cache_save = action_step("Save the run history to the Actions cache")
    assert COMPLETED + "steps.audit.outputs.exit-code)" in cache_save["if"]
    for saving in (save, cache_save):
        assert "!cancelled()" in saving["if"]
        assert "!startsWith(github.event_name, 'pull_request')" in saving["if"]


@pytest.mark.parametrize(
    ("history", "auditor_exit", "code", "with_db"),
    [("branch", 0, 0, True), ("cache", 1, 1, True), ("none", 3, 3, False), ("git", 0, 2, False)],
)
def test_the_action_audit_step_records_its_exit_code(
    tmp_path: Path, history: str, auditor_exit: int, code: int, with_db: bool
) -> None:
    """The audit step's own script, with a stand-in `auditor` that records its arguments."""
    audit = action_step("Audit")
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    stand_in = venv / "bin" / "auditor"
    stand_in.write_text(
        f'#!/bin/sh\nprintf "%s\\n" "$@" > "{tmp_path}/argv"\nexit {auditor_exit}\n'
    )
    stand_in.chmod(0o755)
    outputs = tmp_path / "outputs"
    outputs.touch()
    environ = {
        "PATH": os.environ["PATH"],
        "COMMAND": "audit",
        "PATHS": "lists/*.txt more.md",
        "FAIL_ON": "new-dead",
        "ARGS": "--out reports",
        "HISTORY": history,
        "HISTORY_FILE": str(tmp_path / "h" / "history.sqlite"),
        "TIMEOUT_MINUTES": "60",
        "VENV": str(venv),
        "GITHUB_OUTPUT": str(outputs),
    }

    run = subprocess.run(
        ["bash", "-eo", "pipefail", "-c", audit["run"]],
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )

    assert run.returncode == code, run.stdout + run.stderr
    if code == 2:
        assert "none of branch, cache, none" in run.stdout
        assert outputs.read_text() == ""
        return
    argv = (tmp_path / "argv").read_text().splitlines()
    db = ["--db", environ["HISTORY_FILE"]] if with_db else []
    # The job's 60 minutes less 5: the reports are written before the job is killed.
    assert argv == ["audit", "lists/*.txt", "more.md", "--fail-on", "new-dead", "--max-run-time",
                    "3300", *db, "--out", "reports"]  # fmt: skip
    assert outputs.read_text() == f"exit-code={code}\n"


@pytest.mark.parametrize("minutes", ["", "5", "1h", "-10", "08.5"])
def test_the_action_refuses_a_timeout_it_cannot_leave_5_minutes_of(
    tmp_path: Path, minutes: str
) -> None:
    audit = action_step("Audit")
    outputs = tmp_path / "outputs"
    outputs.touch()
    environ = {"PATH": os.environ["PATH"], "PATHS": "l.md", "FAIL_ON": "dead", "ARGS": "",
               "HISTORY": "none", "TIMEOUT_MINUTES": minutes, "VENV": str(tmp_path / "none"),
               "GITHUB_OUTPUT": str(outputs)}  # fmt: skip

    run = subprocess.run(
        ["bash", "-eo", "pipefail", "-c", audit["run"]],
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )

    assert run.returncode == 2
    assert run.stdout.startswith("::error::timeout-minutes: ")
    assert outputs.read_text() == ""


@pytest.mark.parametrize(("command", "code"), [("merge", 0), ("render", 2), ("", 2)])
def test_the_action_merges_shards_without_a_time_limit(
    tmp_path: Path, command: str, code: int
) -> None:
    """`command: merge` runs `auditor merge` on the scorecards given as paths, with the history
    and without `--max-run-time` (a merge does no network work); another command is refused."""
    audit = action_step("Audit")
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    stand_in = venv / "bin" / "auditor"
    stand_in.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{tmp_path}/argv"\n')
    stand_in.chmod(0o755)
    outputs = tmp_path / "outputs"
    outputs.touch()
    environ = {"PATH": os.environ["PATH"], "COMMAND": command, "PATHS": "s/1.json s/2.json",
               "FAIL_ON": "new-dead", "ARGS": "--out reports", "HISTORY": "branch",
               "HISTORY_FILE": str(tmp_path / "history.sqlite"), "TIMEOUT_MINUTES": "30",
               "VENV": str(venv), "GITHUB_OUTPUT": str(outputs)}  # fmt: skip

    run = subprocess.run(
        ["bash", "-eo", "pipefail", "-c", audit["run"]],
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )

    assert run.returncode == code, run.stdout + run.stderr
    if code == 2:
        assert run.stdout.startswith("::error::command: ")
        assert not (tmp_path / "argv").exists()
        return
    assert (tmp_path / "argv").read_text().splitlines() == [
        "merge", "s/1.json", "s/2.json", "--fail-on", "new-dead",
        "--db", environ["HISTORY_FILE"], "--out", "reports"]  # fmt: skip


def test_the_matrix_example_fans_out_shards_and_merges_them_with_the_history() -> None:
    jobs = load(MATRIX_EXAMPLE)["jobs"]
    shards = jobs["audit"]["strategy"]["matrix"]["shard"]
    [audit] = [s for s in jobs["audit"]["steps"] if "/paper-auditor@" in s.get("uses", "")]
    [merge] = [s for s in jobs["merge"]["steps"] if "/paper-auditor@" in s.get("uses", "")]
    [upload] = [s for s in jobs["audit"]["steps"] if "upload-artifact@" in s.get("uses", "")]

    assert shards == list(range(1, len(shards) + 1))
    # A shard judges a part of the list: it keeps no history and fails on nothing.
    assert audit["with"]["history"] == "none"
    assert audit["with"]["fail-on"] == "never"
    assert f"--shard ${{{{ matrix.shard }}}}/{len(shards)}" in audit["with"]["args"]
    assert upload["with"]["name"] == "shard-${{ matrix.shard }}"
    # The merge reads every shard's scorecard and keeps the history (the action's default).
    assert jobs["merge"]["needs"] == "audit"
    assert merge["with"]["command"] == "merge"
    assert merge["with"]["paths"].split() == [f"shards/shard-{n}/scorecard.json" for n in shards]
    assert "history" not in merge["with"]
    assert merge["with"]["fail-on"] == "new-dead"
    assert "venue-year" in MATRIX_EXAMPLE.read_text(encoding="utf-8")


def test_the_scheduled_audit_keeps_its_history_on_a_branch() -> None:
    jobs = load(AUDIT)["jobs"]
    merge = jobs["merge"]["steps"]
    restore = step_of("merge", "history-branch.sh restore")
    kept = next(step for step in merge if step.get("with", {}).get("name") == "history")
    history = jobs["history"]
    push = history["steps"][-1]

    assert merge.index(restore) < merge.index(step_of("merge", "auditor merge"))
    assert jobs["merge"]["outputs"]["exit-code"] == "${{ steps.merge.outputs.exit-code }}"
    assert COMPLETED + "steps.merge.outputs.exit-code)" in kept["if"]
    assert COMPLETED + "needs.merge.outputs.exit-code)" in history["if"]
    assert history["needs"] == ["merge", "issue"]
    assert push["run"] == "bash scripts/history-branch.sh save"
    assert push["env"]["AUDIT_EXIT_CODE"] == "${{ needs.merge.outputs.exit-code }}"
    assert restore["env"]["HISTORY_BRANCH"] == push["env"]["HISTORY_BRANCH"]
    # The one job that may push runs none of the audit's code: no Python, no install.
    assert [step.get("uses", "").split("@")[0] for step in history["steps"]] == [
        "actions/checkout",
        "actions/download-artifact",
        "",
    ]


# Test values of the expressions the history steps of audit.yml use; any other is a failure here.
HISTORY_EXPRESSIONS = {
    "secrets.GITHUB_TOKEN": "a-test-token",
    "needs.merge.outputs.exit-code": "1",  # findings: a completed run, saved
}


def as_the_runner_gives(step: dict[str, Any]) -> tuple[dict[str, str], str]:
    """A step's `env` with each `${{ expression }}` replaced by its test value, and its `run`."""

    def value(match: re.Match[str]) -> str:
        return HISTORY_EXPRESSIONS[match.group(1)]

    env = {
        name: re.sub(r"\$\{\{\s*(.*?)\s*\}\}", value, str(text))
        for name, text in step.get("env", {}).items()
    }
    return env, step["run"]


def run_step(step: dict[str, Any], workspace: Path, environ: dict[str, str]) -> str:
    """The step's script, in the job's workspace, with the shell Actions gives `run`."""
    env, script = as_the_runner_gives(step)
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
        cwd=workspace,
        env={**environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_scheduled_audit_keeps_its_history_from_one_week_to_the_next(
    tmp_path: Path, history_remote: tuple[Path, dict[str, str]]
) -> None:
    """The restore and save steps exactly as audit.yml writes them, each in a job workspace of
    its own (the checkout's scripts/, the artifact downloaded where the workflow puts it), two
    weeks running against a bare repository standing for GitHub."""
    remote, environ = history_remote
    jobs = load(AUDIT)["jobs"]
    restore = step_of("merge", "history-branch.sh restore")
    save = step_of("history", "history-branch.sh save")
    upload = next(s for s in jobs["merge"]["steps"] if s.get("with", {}).get("name") == "history")
    download = next(
        s for s in jobs["history"]["steps"] if s.get("with", {}).get("name") == "history"
    )
    history_file = as_the_runner_gives(restore)[0]["HISTORY_FILE"]
    assert not Path(history_file).is_absolute()  # what the workflow passes, kept as it is

    def checkout(job: Path) -> Path:
        (job / "scripts").mkdir(parents=True)
        shutil.copy(HISTORY_SCRIPT, job / "scripts" / HISTORY_SCRIPT.name)
        return job

    def runs_in(path: Path) -> int:
        with sqlite3.connect(path) as history:
            count: int = history.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
        return count

    for week in (1, 2):
        merge = checkout(tmp_path / f"week-{week}" / "merge")
        said = run_step(restore, merge, environ)
        restored = merge / history_file
        if week == 1:
            assert "does not exist yet" in said
            assert not restored.exists()
        else:  # the second week sees the first
            assert "history restored" in said
            assert runs_in(restored) == 1
        a_history(restored, runs=1)  # `auditor merge --db history/history.sqlite` records its run

        pushing = checkout(tmp_path / f"week-{week}" / "history")
        artifact = pushing / download["with"]["path"] / Path(upload["with"]["path"]).name
        artifact.parent.mkdir(parents=True)
        shutil.copy(merge / upload["with"]["path"], artifact)
        assert "history saved" in run_step(save, pushing, environ)

    branch = "refs/heads/paper-auditor-history"
    assert git("rev-list", "--count", branch, cwd=remote) == "2"
    week_3 = checkout(tmp_path / "week-3" / "merge")
    run_step(restore, week_3, environ)
    assert runs_in(week_3 / history_file) == 2


# --- releases ------------------------------------------------------------------------------------


def release_notes_module() -> Any:
    spec = importlib.util.spec_from_file_location(
        "release_notes", ROOT / "scripts" / "release_notes.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHANGELOG = """# Changelog

How releases are made.

## [Unreleased]

### Added
- Later things.

## [1.2.0] - 2026-08-01

### Fixed
- A thing.

## [1.1.0] - 2026-07-01

- Older things.
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text('"""A package."""\n\n__version__ = "1.2.0"\n')
    (tmp_path / "pyproject.toml").write_text('[tool.hatch.version]\npath = "pkg/__init__.py"\n')
    (tmp_path / "CHANGELOG.md").write_text(CHANGELOG)
    return tmp_path


def test_the_release_notes_are_the_changelog_section_of_the_tag(project: Path) -> None:
    notes = release_notes_module().release_notes("v1.2.0", project)

    assert notes == "### Fixed\n- A thing."


@pytest.mark.parametrize(
    ("tag", "version", "error"),
    [
        ("v1.3.0", "1.3.0", "no section '## [1.3.0]'"),
        ("v1.2.0", "1.2.1", "tag v1.2.0 but the project's version is 1.2.1"),
        ("1.2.0", "1.2.0", "is not vMAJOR.MINOR.PATCH"),
        ("v1.2", "1.2.0", "is not vMAJOR.MINOR.PATCH"),
    ],
)
def test_a_release_that_does_not_match_is_refused(
    project: Path, tag: str, version: str, error: str
) -> None:
    module = release_notes_module()
    init = project / "pkg" / "__init__.py"
    init.write_text(init.read_text().replace("1.2.0", version))

    with pytest.raises(module.ReleaseError, match=re.escape(error)):
        module.release_notes(tag, project)


def test_an_empty_changelog_section_is_refused(project: Path) -> None:
    module = release_notes_module()
    (project / "CHANGELOG.md").write_text("# Changelog\n\n## [1.2.0] - 2026-08-01\n\n## [1.1.0]\n")

    with pytest.raises(module.ReleaseError, match="is empty"):
        module.release_notes("v1.2.0", project)


def test_the_project_declares_the_version_hatch_builds() -> None:
    from auditor import __version__

    assert release_notes_module().project_version(ROOT) == __version__


def test_the_release_workflow_checks_then_releases_then_moves_the_major_tag() -> None:
    workflow = load(RELEASE)
    release = workflow["jobs"]["release"]["steps"]
    scripts = [step["run"] for step in release if "run" in step]

    assert workflow["on"]["push"]["tags"] == ["v[0-9]+.[0-9]+.[0-9]+"]
    assert scripts[0].startswith('python3 scripts/release_notes.py "$TAG"')
    assert "gh release create" in scripts[1]
    assert "--notes-file" in scripts[1]
    assert "major=${TAG%%.*}" in scripts[2]
    assert all(step["env"]["TAG"] == "${{ github.ref_name }}" for step in release if "run" in step)


def major_tag_the_release_creates(version: str) -> str:
    """The tag the release workflow creates or moves for the release of `version`: its
    `major=${TAG%%.*}` of the tag `v<version>`."""
    return f"v{version}".split(".", 1)[0]


def test_the_example_workflow_uses_the_tag_the_release_of_this_version_creates() -> None:
    from auditor import __version__

    [ours] = [line for line in uses_lines(EXAMPLE) if "/paper-auditor@" in line]
    tag = ours.split("@", 1)[1].split()[0]

    assert "major=${TAG%%.*}" in RELEASE.read_text(encoding="utf-8")
    assert tag == major_tag_the_release_creates(__version__) == "v1"
    # The release of this version goes through: its tag matches and its notes exist.
    assert release_notes_module().release_notes(f"v{__version__}", ROOT)
    readme = README.read_text(encoding="utf-8")
    assert f"git tag v{__version__} && git push origin v{__version__}" in readme
    assert f"@{tag}" in readme


def test_the_example_publishes_the_badges_with_its_pages_site_when_it_has_one() -> None:
    example = load(EXAMPLE)
    audit = example["jobs"]["audit"]["steps"]
    [ours] = [step for step in audit if "/paper-auditor@" in step.get("uses", "")]
    [site] = [step for step in audit if step.get("name") == "Prepare the Pages site"]
    pages = example["jobs"]["pages"]

    assert "--badges" in ours["with"]["args"].split()
    assert "--out reports" in ours["with"]["args"]
    for published in ("reports/badge.json", "reports/badges", "reports/papers.csv"):
        assert published in site["run"]
    assert "sqlite" not in site["run"]
    # Only a repository that says it has a Pages site deploys one: the example runs as printed.
    assert "vars.PAPER_AUDIT_PAGES == 'true'" in site["if"]
    assert "vars.PAPER_AUDIT_PAGES == 'true'" in pages["if"]
    assert any("actions/deploy-pages@" in step.get("uses", "") for step in pages["steps"])
    readme = README.read_text(encoding="utf-8")
    endpoint = "https://img.shields.io/endpoint?url=https://OWNER.github.io/REPO/badge.json"
    assert f"![code available]({endpoint})" in readme


# --- the README's copies -------------------------------------------------------------------------


def test_the_readme_shows_the_example_workflow_as_it_is() -> None:
    readme = README.read_text(encoding="utf-8")

    assert f"```yaml\n{EXAMPLE.read_text(encoding='utf-8')}```\n" in readme


# What a plain clone lacks for its tests and benchmarks: the variable pointing at each, and where
# it is looked for without one (beside the clone).
OUTSIDE_DATA = {
    "GITHUB_GRAPHQL_SCHEMA": "../shared/github/schema.graphql",
    "GITHUB_RECORDED_ANSWERS": "../shared/github/recorded/",
    "PAPER_AUDITOR_CORPUS": "../shared/corpus/",
}
# Where the tests and the benchmarks look, printed one a line in OUTSIDE_DATA's order.
# `schema_path` from its home, which both GraphQL test modules ask: importing a test module
# (the GitHub stack, pytest, graphql) cost each of the two interpreters below 1.1 s of CPU more.
LOOKED_AT = """
from tests.support.github_schema import schema_path
from tests.support.github_world import RECORDED
from benchmarks.accuracy import DEFAULT_CORPUS
print(schema_path(), RECORDED, DEFAULT_CORPUS, sep="\\n")
"""


def test_the_readme_says_what_a_plain_clone_lacks_for_the_tests() -> None:
    readme = README.read_text(encoding="utf-8")
    start_here = readme.split("## Start here", 1)[1].split("\n## ", 1)[0]
    [said] = [part for part in start_here.split("\n\n") if "plain clone lacks" in part]

    assert "skip, saying why" in said
    assert dict(re.findall(r"`\$(\w+)`, else `([^`]+)`", said)) == OUTSIDE_DATA


def test_the_variables_the_readme_names_are_where_the_tests_look(tmp_path: Path) -> None:
    from tests import test_hosts_github_graphql, test_hosts_github_tracker
    from tests.support import github_schema

    # The GraphQL tests look where the interpreters below are asked to.
    assert test_hosts_github_graphql.schema_path is github_schema.schema_path
    assert test_hosts_github_tracker.schema_path is github_schema.schema_path
    given = {name: tmp_path / name.lower() for name in OUTSIDE_DATA}
    given["GITHUB_GRAPHQL_SCHEMA"].write_text("type Query { viewer: String }\n")

    def looked_at(environ: dict[str, str]) -> list[str]:
        return subprocess.run(
            [sys.executable, "-c", LOOKED_AT],
            cwd=ROOT,
            env={"PATH": os.environ["PATH"], **environ},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()

    assert looked_at({name: str(path) for name, path in given.items()}) == [
        str(path) for path in given.values()
    ]
    beside = ROOT.parent
    defaults = looked_at({})
    assert defaults[1:] == [
        str(beside / "shared" / "github" / "recorded"),
        str(beside / "shared" / "corpus"),
    ]
    schema = beside / "shared" / "github" / "schema.graphql"  # None where it is missing
    assert defaults[0] == (str(schema) if schema.is_file() else "None")


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    readme = README.read_text(encoding="utf-8")
    start_here = readme.split("## Start here", 1)[1].split("\n## ", 1)[0]
    lines = start_here.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    command = lines[lines.index("# 2. Run the tests") + 1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()

    assert command.startswith("python3 ")
    assert command in ci
    assert "python " not in "\n".join(lines)  # python3 throughout: plain Debian has no `python`
