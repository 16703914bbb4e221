"""File-name rules (auditor.facts.repofiles): what holds code, which dependency lists decide
pinning, pinning itself for requirements.txt, environment.yml and pyproject.toml, and the facts a
root listing gives every host."""

from __future__ import annotations

import pytest

from auditor.facts.repofiles import (
    archives_only,
    code_beyond,
    deps_pinned,
    folders_to_inspect,
    has_code,
    holds_only_placeholders,
    is_code_free,
    is_committed_weights,
    is_placeholder_file,
    lfs_patterns,
    lfs_tracked,
    lists_only_card,
    manifests_to_read,
    model_repository_has_code,
    usual_readmes,
    weights_folders,
    weights_subfolders,
    with_committed_weights,
    with_gitattributes,
    with_root_listing,
)
from auditor.models import RepoFacts


@pytest.mark.parametrize(
    ("name", "free"),
    [
        ("README.md", True),
        ("LICENSE", True),
        ("requirements.txt", True),  # a lone dependency list is no release
        ("environment.yml", True),
        ("pyproject.toml", True),
        ("teaser.png", True),
        ("paper.pdf", True),
        ("results.csv", True),
        ("model.safetensors", True),  # weights are an artifact, not code
        ("embeddings.npy", True),
        ("data", True),
        ("figs", True),
        (".gitignore", True),
        ("index.html", True),
        ("train.py", False),
        ("setup.py", False),
        ("Dockerfile", False),
        ("src", False),  # a folder of code
        ("model.ipynb", False),
        ("run.sh", False),
        (".gitmodules", False),  # the code lives in a submodule
    ],
)
def test_what_holds_code(name: str, free: bool) -> None:
    assert is_code_free(name) is free


def test_has_code() -> None:
    assert not has_code(["README.md", "LICENSE", "requirements.txt", "teaser.png"])
    assert has_code(["README.md", "requirements.txt", "fancy"])


def test_manifests_to_read() -> None:
    names = ["README.md", "requirements.txt", "environment.yml", "pyproject.toml", "a.py"]
    assert manifests_to_read(names) == ("requirements.txt", "environment.yml", "pyproject.toml")
    assert manifests_to_read([*names, "poetry.lock"]) == ()  # a lock file already decides


CONDA = """name: fancy
channels:
  - conda-forge
dependencies:
  - python=3.10
  - numpy=1.26.4
  - pip
  - pip:
    - torch==2.1.0
"""


@pytest.mark.parametrize(
    ("files", "texts", "expected"),
    [
        (["poetry.lock"], {}, True),
        (["requirements.txt"], {"requirements.txt": "torch==2.1\nnumpy==1.26\n"}, True),
        (["requirements.txt"], {"requirements.txt": "torch>=2\n"}, False),
        (["requirements.txt"], {"requirements.txt": "# nothing\n-e .\n"}, None),
        (["environment.yml"], {"environment.yml": CONDA}, True),
        (["environment.yml"], {"environment.yml": CONDA.replace("numpy=1.26.4", "numpy")}, False),
        (
            ["environment.yml"],
            {"environment.yml": CONDA.replace("torch==2.1.0", "torch>=2")},
            False,
        ),
        (["pyproject.toml"], {"pyproject.toml": '[project]\ndependencies = ["a==1.0"]\n'}, True),
        (["pyproject.toml"], {"pyproject.toml": '[project]\ndependencies = ["a>=1.0"]\n'}, False),
        (
            ["pyproject.toml"],
            {"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.10"\na = "1.2.3"\n'},
            True,
        ),
        (
            ["pyproject.toml"],
            {"pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.10"\na = "^1.2"\n'},
            False,
        ),
        (["pyproject.toml"], {"pyproject.toml": '[project]\nname = "x"\n'}, None),
        (["pyproject.toml"], {"pyproject.toml": "not [ toml"}, None),
        # One list that pins everything is a pinned environment.
        (
            ["requirements.txt", "pyproject.toml"],
            {
                "requirements.txt": "a==1.0\n",
                "pyproject.toml": '[project]\ndependencies = ["a"]\n',
            },
            True,
        ),
    ],
)
def test_pinning(files: list[str], texts: dict[str, str], expected: bool | None) -> None:
    requirements = texts.pop("requirements.txt", None)
    assert deps_pinned(files, requirements, manifests=texts) is expected


BARE = RepoFacts(full_name="acme/net", exists=True, source="test")


@pytest.mark.parametrize(
    ("names", "manifests", "env_files", "pinned", "citation"),
    [
        (["train.py", "README.md"], {}, (), None, False),
        (["requirements.txt", "CITATION.cff"], {}, ("requirements.txt",), None, True),
        (
            ["requirements.txt"],
            {"requirements.txt": "torch==2.3\n"},
            ("requirements.txt",),
            True,
            False,
        ),
        (
            ["requirements.txt"],
            {"requirements.txt": "torch\n"},
            ("requirements.txt",),
            False,
            False,
        ),
        (["poetry.lock", "pyproject.toml"], {}, ("poetry.lock", "pyproject.toml"), True, False),
        # A text for a file the listing lacks decides nothing.
        (["train.py"], {"requirements.txt": "torch==2.3\n"}, (), None, False),
    ],
)
def test_a_root_listing_gives_the_same_facts_to_every_host(
    names: list[str],
    manifests: dict[str, str],
    env_files: tuple[str, ...],
    pinned: bool | None,
    citation: bool,
) -> None:
    facts = with_root_listing(BARE, names, manifests)
    assert facts.root_files == tuple(sorted(names))
    assert facts.env_files == env_files
    assert facts.deps_pinned is pinned
    assert facts.has_citation_cff is citation
    assert facts.full_name == BARE.full_name  # the rest of the facts as they were


def test_the_usual_readmes_are_asked_in_the_order_github_looks() -> None:
    assert usual_readmes() == (
        ".github/README.md",
        ".github/README.rst",
        "README.md",
        "README.rst",
        "docs/README.md",
        "docs/README.rst",
    )
    assert usual_readmes("docs") == ("docs/README.md", "docs/README.rst")


@pytest.mark.parametrize(
    ("names", "archives"),
    [
        (["README.md", "omeganet-src.zip"], ["omeganet-src.zip"]),
        (["README.md", "LICENSE", "source.tar.gz"], ["source.tar.gz"]),
        (["README.md", "code.tgz", "paper.pdf"], ["code.tgz"]),
        (["README.md", "release-v1.0.tar.xz"], ["release-v1.0.tar.xz"]),
        (["README.md", "model-source.zip"], ["model-source.zip"]),  # says source: code
        # Archives of data, weights or results are artifacts, not code.
        (["README.md", "data.zip"], []),
        (["README.md", "checkpoints.tar.gz"], []),
        (["README.md", "results.zip", "figures.tar"], []),
        # Beside code of its own, an archive is not what released the code.
        (["README.md", "train.py", "source.zip"], []),
        (["README.md", "src/"], []),
    ],
)
def test_a_source_archive_at_the_root_is_released_code(
    names: list[str], archives: list[str]
) -> None:
    assert archives_only(names) == archives
    assert has_code(names) == (bool(archives) or "train.py" in names or "src/" in names)


@pytest.mark.parametrize(
    ("names", "code"),
    [
        (["README.md", "config.json", "model.safetensors"], False),  # weights only
        (["README.md", "config.json", "modeling_epsilon.py", "configuration_epsilon.py"], False),
        (["README.md", "pytorch_model.bin", "handler.py", ".gitattributes"], False),
        (["README.md", "model.safetensors", "train.py", "evaluate.py"], True),
        (["README.md", "model.safetensors", "scripts"], True),  # a folder of code
        (["README.md", "modeling_epsilon.py", "finetune.py"], True),
    ],
)
def test_a_model_repository_holds_code_beyond_its_loader(names: list[str], code: bool) -> None:
    assert model_repository_has_code(names) is code


@pytest.mark.parametrize(
    ("name", "size", "text", "placeholder"),
    [
        ("__init__.py", 0, "", True),  # empty
        (".gitkeep", 0, "", True),
        (".keep", 3, None, True),  # a keep file is not read
        ("model.py", 48, "# TODO: the model will be released after review\n", True),
        ("main.c", 40, "/* coming soon */\n// after the review\n", True),
        ("run.sh", 30, "#!/bin/sh\n# to be released\n", True),  # a shebang is a comment
        ("model.py", 12, "\n   \n", True),  # blank
        # Near misses: an __init__.py with real code, a one-line script, a file not read.
        ("__init__.py", 26, "from .model import Net  # re-export\n", False),
        ("train.py", 12, "import torch\n", False),
        ("model.py", 4000, None, False),
        ("notes.py", 60, "# TODO: tidy up\ndef main():\n    pass\n", False),
    ],
)
def test_placeholder_files(name: str, size: int, text: str | None, placeholder: bool) -> None:
    assert is_placeholder_file(name, size, text) is placeholder


def test_a_folder_of_placeholder_files_only_holds_no_code() -> None:
    stub = (("__init__.py", True), ("model.py", True))
    todo = {"__init__.py": (0, None), "model.py": (50, "# TODO: release the model\n")}
    assert holds_only_placeholders(stub, todo)
    assert holds_only_placeholders(((".gitkeep", True),), {".gitkeep": (0, None)})
    # A file not read (too large, or its answer lost) is code.
    assert not holds_only_placeholders(stub, {"__init__.py": (0, None)})
    # A subfolder may hold code: the folder is not called empty.
    assert not holds_only_placeholders(((".gitkeep", True), ("nets", False)), todo)
    # One real file among the stubs is code.
    real = {**todo, "model.py": (30, "import torch\nnet = torch.nn.Linear(2, 2)\n")}
    assert not holds_only_placeholders(stub, real)
    many = tuple((f"{n}.py", True) for n in range(10))
    assert not holds_only_placeholders(many, {name: (0, None) for name, _ in many})


@pytest.mark.parametrize(
    ("names", "inspected"),
    [
        (["README.md", "src"], ("src",)),
        (["README.md", "LICENSE", "code", "data", "requirements.txt"], ("code",)),
        (["README.md", "src/", "scripts"], ("src", "scripts")),
        (["README.md", "Makefile"], ("Makefile",)),  # listed, it is a file: code
        # A code file at the root already decides; so does having no code at all.
        (["README.md", "src", "train.py"], ()),
        (["README.md", "LICENSE"], ()),
        (["README.md", "omeganet-src.zip"], ()),  # an archive is code, not a folder
        (["README.md", "a", "b", "c", "d"], ()),  # too many to list: code
    ],
)
def test_which_root_folders_are_listed(names: list[str], inspected: tuple[str, ...]) -> None:
    assert folders_to_inspect(names) == inspected


def test_code_beyond_the_empty_folders() -> None:
    assert not code_beyond(["README.md", "src"], ["src"])
    assert not code_beyond(["README.md", "src/", "code"], ["src", "code"])
    assert code_beyond(["README.md", "src", "nets"], ["src"])
    assert code_beyond(["README.md", "src"], [])


@pytest.mark.parametrize(
    ("path", "weights"),
    [
        ("labnet.pth", True),
        ("checkpoints/labnet.safetensors", True),
        ("model.bin", True),  # ambiguous, its name says model
        ("checkpoints/state.pkl", True),  # ambiguous, its folder says so
        ("pretrained/encoder.npz", True),
        ("data/features.npz", False),  # ambiguous, a data file
        ("results.pkl", False),
        ("embeddings.h5", False),
        ("weights/vgg.h5", True),
        ("train.py", False),
    ],
)
def test_committed_weights_need_a_weights_context_for_ambiguous_extensions(
    path: str, weights: bool
) -> None:
    assert is_committed_weights(path) is weights


def test_folders_named_for_weights_are_the_ones_listed() -> None:
    names = ["README.md", "src", "models", "checkpoints", "pretrained_models", "weights.md"]
    assert weights_folders(names) == ("checkpoints", "pretrained_models")


def test_the_first_subfolders_of_each_weights_folder_are_listed_too() -> None:
    paths = ["ckpt/a", "ckpt/b", "ckpt/c", "ckpt/d", "weights/x"]
    assert weights_subfolders(paths) == ("ckpt/a", "ckpt/b", "ckpt/c", "weights/x")


def test_git_lfs_patterns_match_as_gitattributes_does() -> None:
    text = "# LFS\n*.pth filter=lfs diff=lfs -text\nckpt/** filter=lfs\nsmall.pth -filter\n"
    patterns = lfs_patterns(text)
    assert patterns == ("*.pth", "ckpt/**", "!small.pth")
    paths = ["a.pth", "deep/b.pth", "ckpt/c.bin", "small.pth", "d.bin"]
    assert lfs_tracked(patterns, paths) == ("a.pth", "deep/b.pth", "ckpt/c.bin")


def test_weights_committed_at_the_root_and_in_folders_are_gathered_lfs_told() -> None:
    facts = with_root_listing(RepoFacts("lab/net", True, "rest"), ["README.md", "net.pt", "ckpt"])
    assert facts.committed_weights == ("net.pt",)
    facts = with_gitattributes(facts, "*.pt filter=lfs diff=lfs merge=lfs -text\n")
    assert facts.weights_in_lfs == ("net.pt",)
    facts = with_committed_weights(facts, ["ckpt/best.pt", "ckpt/notes.txt"])
    assert facts.committed_weights == ("net.pt", "ckpt/best.pt")
    assert facts.weights_in_lfs == ("net.pt", "ckpt/best.pt")


@pytest.mark.parametrize(
    ("paths", "only_card"),
    [
        ((), True),
        (("README.md", ".gitattributes"), True),
        (("README.md", "train.csv"), False),
        (("README.md", "data/part-0.parquet"), False),
        (("docs/README.md",), False),  # a card lives at the root only
    ],
)
def test_a_hub_listing_of_its_card_alone_releases_nothing(
    paths: tuple[str, ...], only_card: bool
) -> None:
    assert lists_only_card(paths) is only_card
