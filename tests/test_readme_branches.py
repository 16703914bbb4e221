"""Whether a README sends the reader to another branch (`auditor.readme.branches`), through the
whole analysis (`analyze_readme(...).branch`): READMEs of our own writing, with near misses that
mention a branch without sending anyone there."""

from __future__ import annotations

import pytest

from auditor.readme.analysis import analyze_readme

REPO = "lab/net"


@pytest.mark.parametrize(
    ("readme", "branch"),
    [
        ("# Net\n\nThe code lives on the `release` branch.\n", "release"),
        ("# Net\n\nCheck out the dev branch: https://github.com/lab/net/tree/dev\n", "dev"),
        ("# Net\n\nSee https://github.com/lab/net/tree/cvpr2026 for the code.\n", "cvpr2026"),
        ("# Net\n\nThe implementation is on branch `v2`.\n", "v2"),
        ("# Net\n\nSwitch to the **camera-ready** branch to run it.\n", "camera-ready"),
        ("# Net\n\nThe code is in the `release/v1` branch.\n", "release/v1"),
        ("# Net\n\nTo get the code:\n\n```bash\ngit checkout paper-code\n```\n", "paper-code"),
        ("# Net\n\n```bash\ngit clone -b public https://github.com/lab/net\n```\n", "public"),
        ("# Net\n\n```\ngit clone --branch=neurips https://github.com/lab/net\n```\n", "neurips"),
        # Near misses: a branch mentioned, no one sent there.
        ("# Net\n\nPull requests against the dev branch are welcome.\n", None),
        ("# Net\n\nThe main branch is protected; see CONTRIBUTING.md.\n", None),
        ("# Net\n\nThe code will be pushed to the release branch soon.\n", None),
        ("# Net\n\nThe code is on the same branch as the paper's LaTeX.\n", None),
        ("# Net\n\nSee https://github.com/other/repo/tree/dev for the baseline.\n", None),
        ("# Net\n\nSee https://github.com/lab/net/tree/dev/src/models for the model.\n", None),
        ("# Net\n\nWe branch off the upstream project at v1.0.\n", None),
        ("# Net\n\nCode coming soon.\n", None),
    ],
)
def test_the_branch_a_readme_sends_the_reader_to(readme: str, branch: str | None) -> None:
    assert analyze_readme(readme, repository=REPO).branch == branch
