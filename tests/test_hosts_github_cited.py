"""The cited folder (`auditor.hosts.github.cited`): how a `/tree/` or `/blob/` link is split into
ref and path, where its folder is found, and the facts both backends give for it against the
fake GitHub (READMEs written for these tests)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import pytest

from auditor.hosts.github import GitHubFacts, repository_key
from auditor.hosts.github.cited import (
    FOLDER,
    CitedPath,
    Located,
    Missing,
    Seen,
    Unlocated,
    cited_path,
    locate,
)
from auditor.models import Outcome, ReadmeCover
from auditor.net.fetcher import Fetcher
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.github_world import MIT, TOKEN, settings_for
from tests.support.local_servers import plain_fetcher

USAGE = (
    "# Part\n\nThis part of the suite ranks documents.\n\n## Usage\n```bash\npython rank.py\n```\n"
)
SUITE = {
    "README.md": "# Suite\n\nA suite of research tools, one folder each.\n",
    "tools/rank/README.md": USAGE,
    "tools/rank/rank.py": "print('rank')\n",
    "tools/rank/requirements.txt": "numpy==1.26.4\n",
    "tools/empty/README.md": "# Empty\n\nThe code will be released soon.\n",
    "tools/README.md": USAGE.replace("# Part", "# Tools"),
    "tools/bare/solve.py": "print('solve')\n",
}


def repos() -> list[FakeRepo]:
    return [
        FakeRepo(
            "lab9/suite",
            files=SUITE,
            license=MIT,
            refs={"release/v2": {"models/eta/eta.py": "", "models/eta/README.md": USAGE}},
        ),
        FakeRepo("lab9/other", files={"README.md": "# Other\n", "main.py": ""}),
    ]


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with FakeGitHub(repos(), token=TOKEN) as server:
        yield server


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with plain_fetcher() as plain:
        yield plain


def key(path: str) -> str:
    found = repository_key(f"https://github.com/{path}")
    assert found is not None
    return found


# The split of a link ------------------------------------------------------------------------


def test_splits_try_the_longest_ref_first_and_a_blob_always_names_a_file() -> None:
    tree = cited_path("https://github.com/a/b/tree/release/v2/src")
    assert tree == CitedPath("a/b", "tree", ("release", "v2", "src"))
    assert [(s.ref, s.path) for s in tree.splits()] == [
        ("release/v2/src", ""),
        ("release/v2", "src"),
        ("release", "v2/src"),
    ]
    blob = cited_path("https://github.com/a/b/blob/main/src/model.py")
    assert blob is not None
    assert [(s.ref, s.folder, s.file) for s in blob.splits()] == [
        ("main/src", "", "model.py"),
        ("main", "src", "model.py"),
    ]
    long = cited_path("https://github.com/a/b/tree/" + "/".join("abcdefgh"))
    assert long is not None
    assert len(long.splits()) == 4


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/a/b",
        "https://github.com/a/b/tree/main",  # a bare ref is the repository, as it always was
        "https://github.com/a/b/issues/3",
        "https://github.com/a/b/tree/main/../secrets",
        "https://gitlab.com/a/b/tree/main/src",
    ],
)
def test_no_folder_is_cited_by_a_root_a_bare_ref_another_page_or_a_climb(url: str) -> None:
    assert cited_path(url) is None


# Where the folder is --------------------------------------------------------------------------

FOLDER_ENTRIES = (("README.md", True), ("eta.py", True))
CITED = CitedPath("a/b", "tree", ("release", "v2", "models"))  # splits: 3, 2, 1 segments


@pytest.mark.parametrize(
    ("seen", "expected"),
    [
        # release/v2 exists and holds models: judged there.
        (
            [Seen(False, None, None), Seen(True, FOLDER_ENTRIES, None), Seen(None, None, None)],
            Located(CITED.splits()[1], "release/v2", FOLDER_ENTRIES),
        ),
        # The ref exists without the path; the default branch has it: moved there.
        (
            [Seen(False, None, None), Seen(True, None, FOLDER_ENTRIES), Seen(None, None, None)],
            Located(
                CITED.splits()[1],
                None,
                FOLDER_ENTRIES,
                "models not on release/v2; judged on the default branch",
            ),
        ),
        # The ref exists, and neither it nor the default branch has the path: dead.
        (
            [Seen(False, None, None), Seen(True, None, None), Seen(None, None, None)],
            Missing("folder models is on neither release/v2 nor the default branch"),
        ),
        # No ref exists; the default branch holds `models` (the longest ref's path first).
        (
            [Seen(False, None, None), Seen(False, None, FOLDER_ENTRIES), Seen(False, None, None)],
            Located(
                CITED.splits()[1],
                None,
                FOLDER_ENTRIES,
                "release/v2 not found; judged on the default branch",
            ),
        ),
        # No ref, no path anywhere: never dead, the repository is judged.
        ([Seen(False, None, None)] * 3, Unlocated),
    ],
)
def test_locate(seen: list[Seen], expected: object) -> None:
    found = locate(CITED, seen)
    if expected is Unlocated:
        assert isinstance(found, Unlocated)
        assert "judged on the repository" in found.detail
    else:
        assert found == expected


def test_a_blob_needs_its_file_in_the_folder() -> None:
    blob = CitedPath("a/b", "blob", ("main", "src", "gone.py"))
    seen = [Seen(False, None, None), Seen(True, FOLDER_ENTRIES, FOLDER_ENTRIES)]
    assert locate(blob, seen) == Missing(
        "file src/gone.py is on neither main nor the default branch"
    )


# Both backends --------------------------------------------------------------------------------

CASES = [
    "lab9/suite/tree/main/tools/rank",
    "lab9/suite/tree/main/tools/empty",
    "lab9/suite/tree/main/tools/bare",
    "lab9/suite/blob/main/tools/rank/rank.py",
    "lab9/suite/blob/main/tools/rank/gone.py",
    "lab9/suite/tree/release/v2/models/eta",
    "lab9/suite/tree/deleted-branch/tools/rank",
    "lab9/suite/tree/main/nowhere",
    "lab9/suite",
]


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_each_cited_folder_is_judged_on_its_own(
    fetcher: Fetcher, fake: FakeGitHub, token: str | None
) -> None:
    keys = [key(path) for path in CASES]
    results = await GitHubFacts(fetcher, settings_for(fake, token=token)).repos(keys)
    rank, empty, bare, blob, gone, eta, deleted, nowhere, root = (results[k] for k in keys)

    assert rank.check.outcome is Outcome.OK
    assert rank.facts is not None
    assert (rank.facts.folder, rank.facts.ref) == ("tools/rank", "main")
    assert rank.facts.root_files == ("README.md", "rank.py", "requirements.txt")
    assert rank.facts.deps_pinned is True  # the folder's requirements.txt was read
    assert ReadmeCover.USAGE in rank.facts.readme_covers
    assert rank.check.detail == "judged on tools/rank/ at main"
    # The same repository's other folder: its own verdict, a placeholder.
    assert empty.facts is not None
    assert ReadmeCover.PLACEHOLDER in empty.facts.readme_covers
    # A folder without a README is read with the nearest one up the tree, and says so.
    assert bare.facts is not None
    assert bare.facts.readme_path == "../README.md"
    assert "README from tools/, the nearest up the tree" in bare.check.detail
    # A file: its folder is judged; a file that is not there is dead (the ref exists).
    assert blob.facts is not None
    assert blob.facts.folder == "tools/rank"
    assert gone.check.outcome is Outcome.DEAD
    assert "file tools/rank/gone.py is on neither main" in gone.check.detail
    # A ref holding '/'.
    assert eta.facts is not None
    assert (eta.facts.folder, eta.facts.ref) == (
        "models/eta",
        "release/v2",
    )
    # A deleted branch whose path lives on in the default branch: moved, judged there.
    assert deleted.check.outcome is Outcome.MOVED
    assert "deleted-branch not found; judged on the default branch" in deleted.check.detail
    assert deleted.check.final_url == "https://github.com/lab9/suite/tree/main/tools/rank"
    assert deleted.facts is not None
    assert deleted.facts.ref is None
    # The branch exists and no branch has the path: dead.
    assert nowhere.check.outcome is Outcome.DEAD
    # The root is untouched by its folders.
    assert root.facts is not None
    assert root.facts.folder is None
    assert "requirements.txt" not in root.facts.root_files


async def test_both_backends_give_a_folder_the_same_facts(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    keys = [key(path) for path in CASES]
    rest = await GitHubFacts(fetcher, settings_for(fake)).repos(keys)
    graphql = await GitHubFacts(fetcher, settings_for(fake, token=TOKEN)).repos(keys)
    for name in keys:
        assert rest[name].check.outcome == graphql[name].check.outcome, name
        assert rest[name].check.detail == graphql[name].check.detail, name
        one, other = rest[name].facts, graphql[name].facts
        assert (one and replace(one, source="-")) == (other and replace(other, source="-")), name


async def test_graphql_reads_the_folders_of_a_batch_in_two_queries(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    keys = [key(path) for path in CASES]
    await GitHubFacts(fetcher, settings_for(fake, token=TOKEN)).repos(keys)
    # The repositories' query, the root's only code (tools/, beside a README that says nothing
    # of running it) listed, the folders located, the located folders' files.
    assert fake.counts["graphql"] == 4
    assert fake.counts["rest"] == 0


async def test_rest_judges_a_repository_cited_only_by_a_folder_in_two_requests(
    fetcher: Fetcher,
) -> None:
    with FakeGitHub(repos(), rest_budget=2) as fake:
        cited = key("lab9/suite/tree/main/tools/rank")
        answer = (await GitHubFacts(fetcher, settings_for(fake)).repos([cited]))[cited]
        asked = [r.path for r in fake.requests if not r.path.startswith("/raw/")]
    # The repository and the folder; no root listing; the follow-ups did not fit.
    assert asked == ["/repos/lab9/suite", "/repos/lab9/suite/contents/tools/rank?ref=main"]
    assert answer.check.outcome is Outcome.OK
    assert answer.facts is not None
    assert answer.facts.skipped == ("releases", "last-commit")
    assert answer.facts.root_files == ("README.md", "rank.py", "requirements.txt")


async def test_a_folder_the_budget_cannot_cover_is_skipped_never_dead(
    fetcher: Fetcher,
) -> None:
    # A deleted branch: the second request finds the ref gone; the third, the default branch's
    # folder, does not fit 2 requests.
    with FakeGitHub(repos(), rest_budget=2) as fake:
        cited = key("lab9/suite/tree/deleted-branch/tools/rank")
        results = await GitHubFacts(fetcher, settings_for(fake)).repos([cited])
    answer = results[cited]
    assert answer.check.outcome is Outcome.UNCHECKED
    assert answer.check.detail.startswith(f"{FOLDER} deleted-branch/tools/rank not read")
    assert answer.facts is None
