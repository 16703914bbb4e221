"""File-name rules (auditor.repofiles): what holds code, which dependency lists decide pinning,
and pinning itself for requirements.txt, environment.yml and pyproject.toml."""

from __future__ import annotations

import pytest

from auditor.repofiles import deps_pinned, has_code, is_code_free, manifests_to_read


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
