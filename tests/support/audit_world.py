"""Repositories for end-to-end audits against the fake GitHub: a complete one, a placeholder, one
reached only through a project page, and a renamed one."""

from __future__ import annotations

from pathlib import Path

from tests.support.fake_github import FakeRepo

MIT = {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": None}
COMPLETE_README = """# GoodNet

GoodNet is the reference implementation of the paper. This repository holds the training and
evaluation code, the configuration files for every experiment in the paper, and links to the
pre-trained checkpoints. It was tested with Python 3.11 and PyTorch 2.3 on Linux; a single GPU
with 24 GB of memory is enough to reproduce the main table. Questions are welcome as issues.
The data loaders download the public benchmark automatically on first use and cache it under
the data folder, so no manual download step is needed before training starts.

## Installation
```
pip install -r requirements.txt
```

## Training
```
python train.py --config configs/base.yaml
```

## Evaluation
```
python eval.py --checkpoint weights.pt
```

## Results
| model | accuracy |
| --- | --- |
| GoodNet | 91.2 |

Pretrained checkpoints: https://huggingface.co/acme/goodnet

## Citation
```bibtex
@inproceedings{good2026, title={GoodNet}}
```
"""


def repositories() -> list[FakeRepo]:
    return [
        FakeRepo(
            "acme/goodnet",
            files={
                "README.md": COMPLETE_README,
                "LICENSE": "MIT",
                "requirements.txt": "torch==2.3.0\nnumpy==1.26.4\n",
                "train.py": "",
                "eval.py": "",
                "CITATION.cff": "cff-version: 1.2.0",
            },
            license=MIT,
            release=("v1.0", "2026-08-01T00:00:00Z"),
        ),
        FakeRepo(
            "acme/soon",
            files={"README.md": "# Soon\n\nCode coming soon. Stay tuned!\n"},
            license=None,
        ),
        FakeRepo(
            "acme/hidden",
            files={"README.md": "# Hidden\n\n## Usage\n\n```\npython run.py\n```\n", "run.py": ""},
            license=MIT,
        ),
        FakeRepo(
            "newowner/renamed",
            files={"README.md": "# R\n", "x.py": ""},
            old_names=("acme/renamed",),
        ),
    ]


def audit_arguments(
    paper_list: Path,
    out: Path,
    github_api: str,
    *extra: str,
    paper_date: str | None = "2026-01-15",
) -> list[str]:
    """`auditor audit` of a list against servers on 127.0.0.1 and the fake GitHub: private
    addresses allowed, no verdict cache, a short timeout, placeholders dated from the paper
    (`paper_date=None`: papers without a date)."""
    dated = ["--paper-date", paper_date] if paper_date else []
    return [
        "audit",
        str(paper_list),
        "--out",
        str(out),
        "--allow-private",
        "127.0.0.0/8",
        "--github-api-url",
        github_api,
        "--no-cache",
        "--timeout",
        "5",
        # Placeholder grace periods count from the paper's date.
        *dated,
        *extra,
    ]
