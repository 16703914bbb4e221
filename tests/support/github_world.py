"""A small GitHub world for the GitHub adapter's tests: repositories of every shape the facts
code must handle, the token the fake expects, settings pointing at the fake, and an in-memory
API cache."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from auditor.config.settings import Settings
from auditor.models import RepoFacts
from tests.support.fake_github import FakeGitHub, FakeRepo

TOKEN = "ghp_TESTTOKEN0123456789abcdefSECRET"
# GitHub's answers recorded once: $GITHUB_RECORDED_ANSWERS, else ../shared/github/recorded/
# beside the clone (the tests that read them skip without them).
RECORDED = Path(
    os.environ.get("GITHUB_RECORDED_ANSWERS")
    or Path(__file__).resolve().parents[3] / "shared" / "github" / "recorded"
)
MIT = {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": None, "node_id": "L1"}
GPL = {"key": "gpl-3.0", "name": "GNU GPL v3.0", "spdx_id": "GPL-3.0", "url": None, "node_id": "L2"}
# The licence object of recorded/rest_repos_license.PSPDFKit_PSPDFKit-SP.noassertion.200.json.
OTHER = {
    "key": "other",
    "name": "Other",
    "spdx_id": "NOASSERTION",
    "url": None,
    "node_id": "MDc6TGljZW5zZTA=",
}
README = """# DeepThing

## Installation
```bash
pip install -r requirements.txt
```

## Training
python train.py --config configs/base.yaml

## Pretrained weights
[model](https://huggingface.co/ml-lab/deepthing-base)
"""


def sample_repos() -> list[FakeRepo]:
    return [
        FakeRepo(
            "ml-lab/complete",
            files={
                "README.md": README,
                "requirements.txt": "torch==2.1.0\nnumpy==1.26.4  # pinned\n-e .\n",
                "CITATION.cff": "cff-version: 1.2.0\n",
                "LICENSE": "MIT",
                "src/model.py": "x = 1\n",
            },
            license=MIT,
            description="Deep things",
            homepage="https://lab.example.org/deepthing",
            release=("v1.2.0", "2024-03-04T05:06:07Z"),
            stars=321,
            forks=45,
            open_issues=6,
            open_pulls=2,
            refs={"feature/x": {"src/model.py": "x = 2\n"}},
        ),
        FakeRepo(
            "ml-lab/rst-readme",
            files={"README.rst": "Usage\n=====\n\npython demo.py\n", "setup.py": "", "x.py": ""},
            license=GPL,
        ),
        FakeRepo(
            "ml-lab/github-readme",
            files={
                ".github/README.md": "## Evaluation\n\n    python eval.py\n",
                "README.md": "# root\n",
                "a.py": "",
            },
        ),
        FakeRepo("ml-lab/unpinned", files={"README.md": "# u\n", "requirements.txt": "torch>=2\n"}),
        FakeRepo(
            "ml-lab/locked",
            files={"README.md": "# l\n", "requirements.txt": "torch\n", "poetry.lock": ""},
        ),
        FakeRepo("ml-lab/no-readme", files={"main.py": "print(1)\n", "Dockerfile": ""}),
        FakeRepo("ml-lab/archived", files={"README.md": "# old\n"}, archived=True, license=OTHER),
        FakeRepo("ml-lab/fork", files={"README.md": "# fork\n"}, parent="upstream/original"),
        FakeRepo("ml-lab/empty", last_commit_at=None),
        FakeRepo(
            "ml-lab/new-name", files={"README.md": "# renamed\n"}, old_names=("ml-lab/old-name",)
        ),
        FakeRepo("ml-lab/taken-down", files={"README.md": "x"}, blocked="dmca"),
        FakeRepo(
            "ml-lab/page-only",
            files={
                "README.md": "# Paper\n",
                "LICENSE": "",
                "index.html": "<html>",
                "static/a.css": "",
            },
        ),
    ]


NAMES = [
    "ml-lab/complete",
    "ml-lab/rst-readme",
    "ml-lab/github-readme",
    "ml-lab/unpinned",
    "ml-lab/locked",
    "ml-lab/no-readme",
    "ml-lab/archived",
    "ml-lab/fork",
    "ml-lab/empty",
    "ml-lab/old-name",
    "ml-lab/taken-down",
    "ml-lab/page-only",
    "nobody/missing",
]


def settings_for(fake: FakeGitHub, *, token: str | None = None, **extra: object) -> Settings:
    return Settings(
        github_api_url=fake.url,
        github_graphql_url=fake.url + "/graphql",
        github_token=token,
        max_retries=1,
        retry_base_delay=0.0,
        **extra,  # type: ignore[arg-type]
    )


def without_source(facts: RepoFacts | None) -> RepoFacts | None:
    return None if facts is None else replace(facts, source="-")


class DictCache:
    def __init__(self) -> None:
        self.store: dict[str, tuple[str | None, str]] = {}
        self.reused: dict[str, float] = {}

    def api_get(self, key: str) -> tuple[str | None, str] | None:
        return self.store.get(key)

    def api_put(self, key: str, etag: str | None, body: str) -> None:
        self.store[key] = (etag, body)

    def count_reused(self, key: str, age: float) -> None:
        self.reused[key] = age
