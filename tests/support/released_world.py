"""A world of hard cases for "judge what the paper released" (issue 24): repositories of our own
writing on the fake GitHub and the other hosts' fakes, papers citing them (repository roots,
`/tree/REF/PATH` and `/blob/REF/PATH` links, refs holding '/', refs that vanished), and for each
paper the tier a careful reviewer gives, with the reviewer's reason.

`CASES` are the papers; `repositories()` and `host_routes()` the world they cite. A case the
code judged wrongly when the world was written names its class in `wrong` (the test marks it
`xfail(strict=True)`, so the fix of that class flips it). Tiers are the words of the ladder:
dead, placeholder, no-code, unknown, listed, bronze, silver, gold, and `mismatch`, a tier the
code does not have yet."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tests.support.fake_github import FakeRepo
from tests.support.fake_hosts import (
    DOWN,
    forgejo_routes,
    gitlab_routes,
    gitlab_tree_routes,
    huggingface_routes,
)

MIT = {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": None, "node_id": "L1"}

# The run modes: GraphQL with a token, REST without one (no budget in the way), and REST at
# GitHub's real 60 requests an hour without a token, each case then audited on its own.
GRAPHQL, REST, TOKENLESS = "graphql", "rest", "tokenless"
MODES = (GRAPHQL, REST, TOKENLESS)

# The classes of case the "Why" names.
FOLDER = "the cited folder is ignored"
OTHER_WORK = "the wrong work is credited"
SKIPPED = "an unknown became credit"
UNDATED = "placeholders hide as unknown"
RELEASED = "edges of released"
GATES = "the rubric gates on the wrong things"
# Rubric 2.0's own answers, through the command line (cases of this world's rubric engineer).
RUBRIC_2 = "rubric 2.0's answers"


def bibtex(key: str, title: str) -> str:
    return (
        "```bibtex\n"
        f"@inproceedings{{{key},\n"
        f"  title={{{title}}},\n"
        "  author={Doe, Jane and Roe, Rick},\n"
        "  booktitle={Proceedings of an Example Conference},\n"
        "  year={2026}\n"
        "}\n```\n"
    )


def complete_readme(name: str, *, cite: bool = True, intro: str = "") -> str:
    """A README a reviewer would call complete: install, train, evaluate, results, weights,
    and (with `cite`) the paper's BibTeX."""
    lower = name.casefold()
    citation = f"\n## Citation\n{bibtex(lower + '2026', f'{name}: Learning from Examples')}"
    return f"""# {name}

{intro or f"{name} is the official implementation of our paper."} This folder holds the
training and evaluation code, the configuration of every experiment and a link to the trained
checkpoints. It runs with Python 3.11 and PyTorch 2.3 on Linux; one GPU with 16 GB of memory
reproduces the main table in about a day, and the data loaders fetch the public benchmark on
first use.

## Installation
```bash
pip install -r requirements.txt
```

## Training
```bash
python train.py --config configs/{lower}.yaml
```

## Evaluation
```bash
python evaluate.py --checkpoint checkpoints/{lower}.pt
```

## Results
| model | accuracy |
| --- | --- |
| {name} | 87.5 |
| baseline | 84.1 |

Trained checkpoints: https://huggingface.co/vislab/{lower}
{citation if cite else ""}"""


def project(name: str, folder: str = "", **readme: Any) -> dict[str, str]:
    """The files of a complete project under `folder` ("" for the root)."""
    prefix = f"{folder}/" if folder else ""
    lower = name.casefold()
    return {
        f"{prefix}README.md": complete_readme(name, **readme),
        f"{prefix}train.py": "import torch\n\n\ndef main():\n    pass\n",
        f"{prefix}evaluate.py": "import torch\n\n\ndef main():\n    pass\n",
        f"{prefix}requirements.txt": "torch==2.3.0\nnumpy==1.26.4\n",
        f"{prefix}configs/{lower}.yaml": "lr: 0.001\nepochs: 90\n",
    }


# A README with installation, training and a results table, and no command producing the table.
TABLE_ONLY = """# {name}

{name} is the official implementation of our paper. This repository holds the training code
and the configuration we used; it runs with Python 3.11 and PyTorch 2.3 on Linux. The numbers
below are the ones reported in the paper's main table, measured on the public benchmark's test
split after ninety epochs of training on one GPU with sixteen gigabytes of memory.

## Installation
```bash
pip install -r requirements.txt
```

## Training
```bash
python train.py --epochs 90
```

## Results
| model | accuracy |
| --- | --- |
| {name} | 81.2 |
| baseline | 79.9 |
"""
# Our own sentence for the n/a path: the data cannot be released, and why.
PRIVATE_DATA = (
    "PrivaNet is the official implementation of our paper. The clinical recordings we trained "
    "on cannot be released for patient privacy reasons."
)
# A citation section that only points at the paper.
POINTER = "\n## Citation\nSee the paper: https://arxiv.org/abs/2601.04321\n"

LAB_INDEX = """# Vision Lab

Research code of the Vision Lab, one folder per project. Each project's folder has its own
README; see the list below.

- `projects/` — papers from 2024 on
- `legacy/` — older work, unmaintained
"""
SOON = "# {name}\n\nOfficial code of {name}. The code will be released soon. Stay tuned!\n"


def crowd_repositories(count: int) -> list[FakeRepo]:
    """Complete repositories cited by the other papers of a crowded tokenless run."""
    return [
        FakeRepo(f"crowd/filler-{n}", files=project(f"Filler{n}"), license=MIT)
        for n in range(count)
    ]


def repositories() -> list[FakeRepo]:
    return [
        # A complete project at the root: the yardstick the folder cases are read against.
        FakeRepo("vislab/whole", files=project("WholeNet"), license=MIT),
        # A lab's monorepo: an index README at the root, one folder per project.
        FakeRepo(
            "vislab/monorepo",
            files={
                "README.md": LAB_INDEX,
                "LICENSE": "MIT License",
                # Two papers cite this folder: its README names both (else it is about
                # another work for one of them).
                **project(
                    "AlphaNet",
                    "projects/alpha",
                    intro="AlphaNet is the official implementation of our papers AlphaNet and "
                    "EpsilonBlobNet.",
                ),
                "projects/beta/README.md": SOON.format(name="BetaNet"),
                **project("MuNet", "projects/mu"),
                "legacy/old/README.md": "# Old\n\nUnmaintained.\n",
            },
            license=MIT,
        ),
        # A complete toolkit at the root, with a placeholder folder for one paper in it.
        FakeRepo(
            "vislab/toolkit",
            files={
                **project("ToolKit"),
                "examples/gamma/README.md": "# GammaNet\n\nCode for GammaNet: coming soon.\n",
                "examples/gamma/.gitkeep": "",
                "LICENSE": "MIT License",
            },
            license=MIT,
        ),
        # The paper's code lives on a release branch whose name holds a '/'.
        FakeRepo(
            "vislab/branchy",
            files={"README.md": "# Branchy\n\nSee the release branches.\n", "LICENSE": "MIT"},
            license=MIT,
            refs={"release/v2": {"LICENSE": "MIT", **project("EtaNet", "models/eta")}},
        ),
        # A submission branch since deleted; the folder lives on in the default branch.
        FakeRepo(
            "vislab/resubmitted",
            files={
                "README.md": LAB_INDEX,
                "LICENSE": "MIT",
                **project(
                    "ThetaNet",
                    "code",
                    intro="ThetaNet (ThetaCrowdNet in its crowded run) is the official "
                    "implementation of our paper.",
                ),
            },
            license=MIT,
        ),
        # The cited repository is about another work, and never names the paper.
        FakeRepo(
            "vislab/other-work",
            files={
                **project(
                    "PriorArt",
                    intro="PriorArt is the implementation of our earlier ICML paper "
                    "(arXiv:2301.04567).",
                ),
                "LICENSE": "MIT",
            },
            license=MIT,
            description="Implementation of PriorArt (arXiv:2301.04567)",
        ),
        FakeRepo(
            "vislab/foobar",
            files={**project("FooBar"), "LICENSE": "MIT"},
            license=MIT,
            description="FooBar: a different method",
        ),
        # A fork with commits of its own, whose README is still its upstream's.
        FakeRepo(
            "student/base-fork",
            files={**project("BaseNet"), "kappa/model.py": "import torch\n", "LICENSE": "MIT"},
            license=MIT,
            parent="bigco/basenet",
            ahead_by=7,
        ),
        # A base project's README carried unchanged, the paper's code added beside it.
        FakeRepo(
            "vislab/on-basekit",
            files={
                **project("BaseKit"),
                "projects/lambda/model.py": "import torch\n",
                "LICENSE": "MIT",
            },
            license=MIT,
        ),
        # Near misses: the paper's own work, renamed since, or citing its base model's BibTeX.
        FakeRepo(
            "vislab/renamed",
            files=project(
                "NuNetPlus",
                intro="NuNetPlus (formerly NuNet) is the official implementation of our paper.",
            ),
            license=MIT,
        ),
        FakeRepo(
            "vislab/xinet",
            files={
                **project("XiNet"),
                "NOTICE.md": "Built on BaseModel.\n\n" + bibtex("base2024", "BaseModel"),
            },
            license=MIT,
        ),
        # Forks without commits of their own, and a placeholder that says the code moved.
        FakeRepo("student/unchanged", files=project("Upstream"), license=MIT, parent="big/up"),
        FakeRepo(
            "vislab/old-home",
            files={
                "README.md": "# PiNet\n\nThe code has moved to https://github.com/vislab/pinet\n"
            },
        ),
        FakeRepo("vislab/pinet", files=project("PiNet"), license=MIT),
        # Placeholders, judged without a paper date.
        FakeRepo("vislab/soon", files={"README.md": SOON.format(name="RhoNet"), "LICENSE": ""}),
        FakeRepo("vislab/empty", last_commit_at=None),
        FakeRepo(
            "vislab/readme-only",
            files={
                "README.md": "# TauNet\n\nTauNet learns from examples. This repository will "
                "hold the code of our paper; the paper is on arXiv.\n"
            },
        ),
        # A README that sends the reader to another branch.
        FakeRepo(
            "vislab/on-branch",
            files={"README.md": "# UpsilonNet\n\nThe code lives on the `release` branch.\n"},
            refs={"release": project("UpsilonNet")},
        ),
        FakeRepo(
            "vislab/dev-branch",
            files={
                "README.md": "# PhiNet\n\nCheck out the dev branch: "
                "https://github.com/vislab/dev-branch/tree/dev\n"
            },
            refs={"dev": project("PhiNet")},
        ),
        # Folders of placeholder files only.
        FakeRepo(
            "vislab/stub-files",
            files={
                "README.md": SOON.format(name="ChiNet"),
                "src/__init__.py": "",
                "src/model.py": "# TODO: the model will be released after review\n",
            },
        ),
        FakeRepo(
            "vislab/gitkeep",
            files={"README.md": SOON.format(name="PsiNet"), "code/.gitkeep": ""},
        ),
        # Code committed only as an archive.
        FakeRepo(
            "vislab/archive",
            files={
                # A README a reader can follow (F1): what the archive holds and how to run it.
                "README.md": "# OmegaNet\n\nThe source code of OmegaNet is in "
                "`omeganet-src.zip`, committed at the root of this repository: the model, "
                "the training loop and the configuration files used for the paper's "
                "experiments. Unpack it before anything else; every command below runs from "
                "the unpacked folder, with Python 3.10 or later.\n\n"
                "## Installation\n```bash\nunzip omeganet-src.zip && cd omeganet\n"
                "pip install -r requirements.txt\n```\n\n"
                "## Usage\nTrain OmegaNet with the default configuration:\n"
                "```bash\npython train.py --config configs/default.yaml\n```\n",
                "omeganet-src.zip": "PK\x03\x04",
                "LICENSE": "MIT",
            },
            license=MIT,
        ),
        FakeRepo(
            "vislab/tarball",
            files={"README.md": "# SigmaNet\n", "source.tar.gz": "\x1f\x8b"},
        ),
        # Complete repositories without a licence, without a BibTeX block, without either.
        FakeRepo("vislab/unlicensed", files=project("ZetaNet")),
        FakeRepo("vislab/uncited", files=project("IotaNet", cite=False), license=MIT),
        FakeRepo("vislab/bare", files=project("KappaNet", cite=False)),
        # Rubric 2.0's answers: results without the commands producing them; code released
        # before the paper; data that cannot be released; a citation that only points.
        FakeRepo(
            "vislab/table-only",
            files={
                "README.md": TABLE_ONLY.format(name="OmicronNet"),
                "train.py": "import torch\n",
                "requirements.txt": "torch==2.3.0\n",
            },
            license=MIT,
        ),
        FakeRepo(
            "vislab/early",
            files=project("NuEarlyNet"),
            license=MIT,
            created_at="2025-06-01T10:00:00Z",
            pushed_at="2025-11-02T10:00:00Z",
            last_commit_at="2025-11-01T10:00:00Z",
        ),
        FakeRepo(
            "vislab/private-data",
            files=project("PrivaNet", intro=PRIVATE_DATA),
            license=MIT,
        ),
        FakeRepo(
            "vislab/pointer",
            files={
                **project("PointNet", cite=False),
                "README.md": complete_readme("PointNet", cite=False) + POINTER,
            },
            license=MIT,
        ),
    ]


def host_routes() -> dict[str, Mapping[str, Any]]:
    """The other hosts' fakes: GitLab, Hugging Face, Codeberg."""
    return {
        "gitlab": {
            # The suite's tree (GitLab's tree API), its root README describing other work.
            **gitlab_tree_routes(
                77,
                {
                    **project("SuiteKit"),
                    "delta/README.md": SOON.format(name="DeltaNet"),
                },
            ),
            **gitlab_routes("vislab/suite", complete_readme("SuiteKit"), description="Our suite"),
            "/api/v4/projects/vislab%2Fgone-for-now": DOWN,
        },
        "huggingface": {
            **huggingface_routes(
                "vislab/epsilon-code",
                complete_readme("EpsilonNet"),
                siblings=("train.py", "evaluate.py", "requirements.txt"),
            ),
        },
        "codeberg": forgejo_routes(
            "vislab/otherwork",
            {**project("OldMethod"), "LICENSE": "MIT"},
            site="https://codeberg.org",
            description="OldMethod (arXiv:2210.01234)",
        ),
    }


@dataclass(frozen=True)
class Case:
    """One paper: what it cites, the tier a careful reviewer gives and why.

    `outcome`: the cited link's expected outcome, when it is part of the judgement. `wrong`:
    whether the code gets the case wrong (in every mode; `klass` names the class).
    `dated`: audited with a paper date. `crowd`: in the tokenless run, that many other papers
    (complete repositories) come after it, so the budget runs short; `tokenless`: the tier then."""

    paper: str
    cites: str
    tier: str
    reason: str
    klass: str
    wrong: bool = False
    outcome: str | None = None
    dated: bool = True
    crowd: int = 0
    tokenless: str | None = None

    def expected(self, mode: str) -> str:
        return self.tokenless if mode == TOKENLESS and self.tokenless else self.tier


GH = "https://github.com"
CASES: tuple[Case, ...] = (
    Case(
        "WholeNet",
        f"{GH}/vislab/whole",
        "silver",
        "The yardstick: a complete project at the root, pinned, cited, without a release.",
        FOLDER,
    ),
    Case(
        "AlphaNet",
        f"{GH}/vislab/monorepo/tree/main/projects/alpha",
        "silver",
        "The cited folder holds a complete project (README, code, pinned requirements); the "
        "root's lab index is not what the paper released.",
        FOLDER,
    ),
    Case(
        "BetaNet",
        f"{GH}/vislab/monorepo/tree/main/projects/beta",
        "placeholder",
        "The cited folder holds only a README promising the code; the other projects of the "
        "monorepo are not this paper's.",
        FOLDER,
    ),
    Case(
        "DeltaNet",
        f"{GH}/vislab/monorepo/tree/main/projects/delta",
        "dead",
        "The branch exists and neither it nor the default branch holds projects/delta: the "
        "cited folder does not exist.",
        FOLDER,
        outcome="dead",
    ),
    Case(
        "EpsilonBlobNet",
        f"{GH}/vislab/monorepo/blob/main/projects/alpha/README.md",
        "silver",
        "A link to a README in a folder cites that folder: the complete AlphaNet project.",
        FOLDER,
    ),
    Case(
        "ZetaBlobNet",
        f"{GH}/vislab/toolkit/blob/main/scripts/zeta_train.py",
        "dead",
        "The cited file does not exist on the branch or the default branch; the toolkit "
        "around it is not the paper's code.",
        FOLDER,
        outcome="dead",
    ),
    Case(
        "GammaNet",
        f"{GH}/vislab/toolkit/tree/main/examples/gamma",
        "placeholder",
        "The cited folder says 'coming soon' and holds only a .gitkeep; the complete toolkit "
        "at the root is not GammaNet's code.",
        FOLDER,
    ),
    Case(
        "EtaNet",
        f"{GH}/vislab/branchy/tree/release/v2/models/eta",
        "silver",
        "The ref is release/v2 (a branch name with '/'); its models/eta folder is complete.",
        FOLDER,
    ),
    Case(
        "ThetaNet",
        f"{GH}/vislab/resubmitted/tree/cvpr-submission/code",
        "silver",
        "The submission branch is gone but code/ is on the default branch and complete: "
        "judged there, and said so (moved).",
        FOLDER,
        outcome="moved",
    ),
    Case(
        "MuNet",
        f"{GH}/vislab/monorepo/tree/main/projects/mu",
        "silver",
        "A complete folder; tokenless behind 29 other repositories its listing is the second "
        "of the repository's two requests (its root is not listed), so it fits the budget.",
        FOLDER,
        crowd=29,
    ),
    Case(
        "ThetaCrowdNet",
        f"{GH}/vislab/resubmitted/tree/cvpr-submission/code",
        "silver",
        "As ThetaNet; tokenless behind 29 other repositories the default branch cannot be "
        "asked once the gone ref is found out: the folder is unknown, never the root's tier.",
        FOLDER,
        crowd=29,
        tokenless="unknown",
    ),
    Case(
        "DeltaSuiteNet",
        "https://gitlab.com/vislab/suite/-/tree/main/delta",
        "placeholder",
        "On GitLab, the cited folder's README only promises code; the suite's root README "
        "describes other work.",
        FOLDER,
        wrong=False,
    ),
    Case(
        "SigmaOtherNet",
        f"{GH}/vislab/other-work",
        "mismatch",
        "README, description and BibTeX are all about PriorArt (arXiv:2301.04567); the paper "
        "is named nowhere.",
        OTHER_WORK,
    ),
    Case(
        "LensNet",
        f"{GH}/vislab/foobar",
        "mismatch",
        "The README's title, description and BibTeX name FooBar, another method; LensNet is "
        "mentioned nowhere.",
        OTHER_WORK,
    ),
    Case(
        "CoralNet",
        "https://codeberg.org/vislab/otherwork",
        "mismatch",
        "On Codeberg: the repository describes OldMethod (arXiv:2210.01234), never CoralNet.",
        OTHER_WORK,
    ),
    Case(
        "KappaForkNet",
        f"{GH}/student/base-fork",
        "listed",
        "A fork with commits of its own: its code is released, but its README is still "
        "upstream's BaseNet README, which documents the upstream, not this paper.",
        OTHER_WORK,
    ),
    Case(
        "LambdaNet",
        f"{GH}/vislab/on-basekit",
        "listed",
        "The BaseKit README is carried unchanged; the paper's code (projects/lambda) is there "
        "but nothing documents it.",
        OTHER_WORK,
    ),
    Case(
        "NuNet",
        f"{GH}/vislab/renamed",
        "silver",
        "A near miss: the project was renamed NuNetPlus and says it was NuNet: the paper's "
        "own work.",
        OTHER_WORK,
    ),
    Case(
        "XiNet",
        f"{GH}/vislab/xinet",
        "silver",
        "A near miss: beside its own BibTeX it cites its base model's; still XiNet's code.",
        OTHER_WORK,
    ),
    Case(
        "ForkNet",
        f"{GH}/student/unchanged",
        "placeholder",
        "A fork without a commit of its own holds its parent's work. Tokenless behind 29 "
        "other repositories the comparison is skipped: unknown, never credited.",
        SKIPPED,
        crowd=29,
        tokenless="unknown",
    ),
    Case(
        "PiNet",
        f"{GH}/vislab/old-home",
        "silver",
        "The README says the code moved to vislab/pinet, which is complete. Tokenless behind "
        "29 other repositories the move is not followed: unknown, not a placeholder.",
        SKIPPED,
        outcome="moved",
        crowd=29,
        tokenless="unknown",
    ),
    Case(
        "GoneForNowNet",
        "https://gitlab.com/vislab/gone-for-now",
        "unknown",
        "GitLab's API is down (503): nothing is known of the repository.",
        SKIPPED,
    ),
    Case(
        "RhoNet",
        f"{GH}/vislab/soon",
        "placeholder",
        "Without a paper date: a README promising code and nothing else is a placeholder "
        "from day one.",
        UNDATED,
        wrong=False,
        dated=False,
    ),
    Case(
        "EmptyNet",
        f"{GH}/vislab/empty",
        "placeholder",
        "Without a paper date: an empty repository released nothing.",
        UNDATED,
        wrong=False,
        dated=False,
    ),
    Case(
        "TauNet",
        f"{GH}/vislab/readme-only",
        "placeholder",
        "Without a paper date: a README saying the code will come, and no code.",
        UNDATED,
        wrong=False,
        dated=False,
    ),
    Case(
        "RhoDatedNet",
        f"{GH}/vislab/soon",
        "placeholder",
        "The same promise with a paper date: a placeholder.",
        UNDATED,
    ),
    Case(
        "UpsilonNet",
        f"{GH}/vislab/on-branch",
        "silver",
        "The README sends the reader to the release branch, which holds the complete code.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "PhiNet",
        f"{GH}/vislab/dev-branch",
        "silver",
        "The README links the dev branch, which holds the complete code.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "ChiNet",
        f"{GH}/vislab/stub-files",
        "placeholder",
        "src/ holds an empty __init__.py and a TODO comment: no code, and the README says so.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "PsiNet",
        f"{GH}/vislab/gitkeep",
        "placeholder",
        "code/ holds only a .gitkeep: an empty folder is no code.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "OmegaNet",
        f"{GH}/vislab/archive",
        "bronze",
        "The code is committed as omeganet-src.zip and the README says how to unpack, install "
        "and run it: released code, documented.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "SigmaNet",
        f"{GH}/vislab/tarball",
        "listed",
        "source.tar.gz at the root and nothing readable about it: code released as an archive.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "EpsilonNet",
        "https://huggingface.co/vislab/epsilon-code",
        "silver",
        "A Hugging Face model repository holding train.py and evaluate.py holds code; its card "
        "is complete and licensed, so it is judged like any repository.",
        RELEASED,
        wrong=False,
    ),
    Case(
        "ZetaNet",
        f"{GH}/vislab/unlicensed",
        "silver",
        "Complete but without a licence: reuse is restricted, reproducibility is not.",
        GATES,
    ),
    Case(
        "IotaNet",
        f"{GH}/vislab/uncited",
        "silver",
        "Complete but without a BibTeX block: credit is missing, reproducibility is not.",
        GATES,
    ),
    Case(
        "KappaNet",
        f"{GH}/vislab/bare",
        "silver",
        "Complete, with neither a licence nor a BibTeX block: both are about reuse and credit.",
        GATES,
    ),
    Case(
        "OmicronNet",
        f"{GH}/vislab/table-only",
        "bronze",
        "Installed and trained as the README says, with a results table but no command "
        "producing it (D5 partial: half met, no pass) and no evaluation code or weights: two "
        "of five checklist items, below silver.",
        RUBRIC_2,
    ),
    Case(
        "NuEarlyNet",
        f"{GH}/vislab/early",
        "silver",
        "Complete, created and last changed before the paper (2025-11, the paper 2026-01): "
        "released early, which is never a failure (G1 n/a).",
        RUBRIC_2,
    ),
    Case(
        "PrivaNet",
        f"{GH}/vislab/private-data",
        "silver",
        "Complete; its README says the clinical recordings cannot be released for patient "
        "privacy: E3 is n/a with that sentence as evidence.",
        RUBRIC_2,
    ),
    Case(
        "PointNet",
        f"{GH}/vislab/pointer",
        "silver",
        "Complete; its Citation section only links the paper, a pointer, not a citation: F2 "
        "fails, and citation is no gate.",
        RUBRIC_2,
    ),
)


def paper_list(cases: tuple[Case, ...], crowd: int = 0) -> str:
    """A plain-text list: one paragraph per paper, then `crowd` papers of complete code."""
    lines = ["Hard cases of released code (2026)"]
    lines += [f"We present {case.paper}, a method. Code: {case.cites}" for case in cases]
    lines += [
        f"We present Filler{n}, a method. Code: https://github.com/crowd/filler-{n}"
        for n in range(crowd)
    ]
    return "\n\n".join(lines) + "\n"
