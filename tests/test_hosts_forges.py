"""GitLab and Hugging Face facts, against scripted answers on a local server."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Iterator

import pytest

from auditor.config.settings import Settings, api_roots_from
from auditor.hosts.adapter import HostAnswer
from auditor.hosts.forges import ForgeFacts
from auditor.hosts.huggingface import MAX_CARD_BYTES
from auditor.links import is_code_link
from auditor.models import (
    NOTHING_TO_DOWNLOAD,
    WEIGHTS_FOLDERS,
    LicenseClass,
    LinkKind,
    Outcome,
    ReadmeCover,
    RepoFacts,
)
from tests.support.fake_github import FakeGitHub
from tests.support.fake_hosts import (
    FigshareArticle,
    bitbucket_routes,
    bitbucket_tree_routes,
    figshare_routes,
    forgejo_routes,
    forgejo_tree_routes,
    gitee_routes,
    gitee_tree_routes,
    gitlab_routes,
    gitlab_tree_routes,
    huggingface_routes,
    huggingface_tree_routes,
)
from tests.support.local_servers import Reply, Route, plain_fetcher, serve

# Shaped like GET https://gitlab.com/api/v4/projects/:id?license=true.
GITLAB_PROJECT = {
    "id": 4242,
    "description": "Neural solvers for PDEs",
    "name": "pde-net",
    "path_with_namespace": "sci-lab/solvers/pde-net",
    "created_at": "2022-01-10T09:00:00.000Z",
    "default_branch": "main",
    "web_url": "https://gitlab.com/sci-lab/solvers/pde-net",
    "readme_url": "https://gitlab.com/sci-lab/solvers/pde-net/-/blob/main/README.md",
    "forks_count": 4,
    "star_count": 17,
    "last_activity_at": "2024-06-01T12:30:45.123+02:00",
    "archived": False,
    "empty_repo": False,
    "open_issues_count": 3,
    "license": {
        "key": "apache-2.0",
        "name": "Apache License 2.0",
        "nickname": None,
        "html_url": "http://choosealicense.com/licenses/apache-2.0/",
        "source_url": None,
    },
}
# Shaped like GET https://huggingface.co/api/models/{id}.
HF_MODEL = {
    "_id": "65a1",
    "id": "sci-lab/pde-net-base",
    "modelId": "sci-lab/pde-net-base",
    "author": "sci-lab",
    "sha": "0123abcd",
    "lastModified": "2024-02-19T10:46:37.000Z",
    "createdAt": "2023-11-02T08:00:00.000Z",
    "private": False,
    "disabled": False,
    "gated": False,
    "downloads": 1200,
    "likes": 31,
    "tags": ["pytorch", "license:cc-by-nc-4.0"],
    "cardData": {"license": "cc-by-nc-4.0", "tags": ["physics"]},
    "siblings": [
        {"rfilename": ".gitattributes"},
        {"rfilename": "README.md"},
        {"rfilename": "config.json"},
        {"rfilename": "model.safetensors"},
        {"rfilename": "requirements.txt"},
        {"rfilename": "ckpt/epoch10.pt"},
    ],
}


@pytest.fixture
def server() -> Iterator[FakeGitHub]:
    with FakeGitHub() as fake:
        yield fake


@pytest.fixture
async def forges(server: FakeGitHub) -> AsyncIterator[ForgeFacts]:
    async with plain_fetcher() as fetcher:
        roots = api_roots_from(
            {"GITLAB_API_URL": server.url + "/api/v4", "HUGGINGFACE_API_URL": server.url + "/api"}
        )
        facts = ForgeFacts(fetcher, Settings(max_retries=1, retry_base_delay=0.0, api_roots=roots))
        yield facts


async def test_gitlab_project(server: FakeGitHub, forges: ForgeFacts) -> None:
    server.script("/api/v4/projects/sci-lab/solvers/pde-net", 200, GITLAB_PROJECT)
    readme = "# PDE-Net\n\n## Installation\n\npip install pde-net\n"
    server.script("/api/v4/projects/4242/repository/files/README.md/raw", 200, readme)
    # A bare ref names the project (a folder under it is judged on its own: below).
    url = "https://gitlab.com/sci-lab/solvers/pde-net/-/tree/main"
    result = await forges.check(url, LinkKind.GITLAB)
    assert result.check.outcome is Outcome.OK
    facts = result.facts
    assert facts is not None
    assert facts.source == "gitlab"
    assert facts.full_name == "sci-lab/solvers/pde-net"
    assert facts.license_spdx == "Apache-2.0"
    assert facts.license_class is LicenseClass.PERMISSIVE
    assert facts.pushed_at == "2024-06-01T10:30:45Z"
    assert (facts.stars, facts.forks, facts.open_issues) == (17, 4, 3)
    assert facts.readme_path == "README.md"
    assert facts.readme_covers == (ReadmeCover.INSTALL,)
    # The project path is sent URL-encoded, as the API requires.
    assert server.requests[0].path == "/api/v4/projects/sci-lab%2Fsolvers%2Fpde-net?license=true"
    # The project, its README, and its root's tree (for checkpoints committed there).
    assert forges.requests_made == 3


async def test_gitlab_missing_and_moved(server: FakeGitHub, forges: ForgeFacts) -> None:
    server.script("/api/v4/projects/a/gone", 404, {"message": "404 Project Not Found"})
    gone = await forges.check("https://gitlab.com/a/gone")
    assert gone.check.outcome is Outcome.DEAD
    assert gone.facts == RepoFacts(full_name="a/gone", exists=False, source="gitlab")
    renamed = {**GITLAB_PROJECT, "readme_url": None}
    server.script("/api/v4/projects/sci-lab/old-name", 200, renamed)
    moved = await forges.check("https://gitlab.com/sci-lab/old-name")
    assert moved.check.outcome is Outcome.MOVED
    assert moved.check.final_url == "https://gitlab.com/sci-lab/solvers/pde-net"


async def test_huggingface_model(server: FakeGitHub, forges: ForgeFacts) -> None:
    server.script("/api/models/sci-lab/pde-net-base", 200, HF_MODEL)
    result = await forges.check("https://huggingface.co/sci-lab/pde-net-base/tree/main")
    assert result.check.outcome is Outcome.OK
    facts = result.facts
    assert facts is not None
    assert facts.source == "huggingface"
    assert facts.license_spdx == "CC-BY-NC-4.0"
    assert facts.license_class is LicenseClass.NON_COMMERCIAL
    assert facts.last_commit_at == "2024-02-19T10:46:37Z"
    assert facts.root_files == (
        ".gitattributes",
        "README.md",
        "config.json",
        "model.safetensors",
        "requirements.txt",
    )
    assert facts.env_files == ("requirements.txt",)
    assert facts.stars == 31


async def test_huggingface_dataset_and_space_paths(server: FakeGitHub, forges: ForgeFacts) -> None:
    server.script("/api/datasets/org/corpus", 200, {"id": "org/corpus", "tags": ["license:mit"]})
    server.script("/api/spaces/org/demo", 200, {"id": "org/demo", "cardData": {"license": "other"}})
    dataset = await forges.check("https://huggingface.co/datasets/org/corpus")
    space = await forges.check("https://huggingface.co/spaces/org/demo")
    # One segment: a profile or a legacy model id, alike to the eye; the page check decides.
    profile = await forges.check("https://huggingface.co/bert-base-uncased")
    assert dataset.facts is not None
    assert dataset.facts.license_class is LicenseClass.PERMISSIVE
    assert space.facts is not None
    assert space.facts.license_spdx == "NOASSERTION"
    assert space.facts.license_class is LicenseClass.CUSTOM
    assert profile.check.outcome is Outcome.UNSUPPORTED


async def test_huggingface_missing_answers_401(server: FakeGitHub, forges: ForgeFacts) -> None:
    server.script(
        "/api/models/nobody/nothing",
        401,
        {"error": "Repository not found"},
        {"x-error-code": "RepoNotFound"},
    )
    result = await forges.check("https://huggingface.co/nobody/nothing")
    assert result.check.outcome is Outcome.DEAD


async def test_huggingface_rename_redirect_is_followed(
    server: FakeGitHub, forges: ForgeFacts
) -> None:
    server.script("/api/models/old/name", 307, "", {"Location": "/api/models/sci-lab/pde-net-base"})
    server.script("/api/models/sci-lab/pde-net-base", 200, HF_MODEL)
    result = await forges.check("https://huggingface.co/old/name")
    assert result.check.outcome is Outcome.MOVED
    assert result.check.final_url == "https://huggingface.co/sci-lab/pde-net-base"


async def test_malformed_and_failing_answers(server: FakeGitHub, forges: ForgeFacts) -> None:
    server.script("/api/models/a/html", 200, "<html>hi</html>", {"content-type": "text/html"})
    server.script("/api/v4/projects/a/busy", 503, "")
    server.script("/api/v4/projects/a/busy", 503, "")
    server.script("/api/models/a/limited", 429, "", {"retry-after": "3600"})
    html = await forges.check("https://huggingface.co/a/html")
    busy = await forges.check("https://gitlab.com/a/busy")
    limited = await forges.check("https://huggingface.co/a/limited")
    assert html.check.outcome is Outcome.TRANSIENT
    assert busy.check.outcome is Outcome.TRANSIENT
    assert limited.check.outcome is Outcome.UNCHECKED


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://gitlab.com/explore", None),
        ("https://huggingface.co/docs/hub", None),
        ("https://x.org/a/b", None),
        ("https://gitlab.com/a/b", LinkKind.HUGGINGFACE),
    ],
)
async def test_unsupported(forges: ForgeFacts, url: str, kind: LinkKind | None) -> None:
    assert (await forges.check(url, kind)).check.outcome is Outcome.UNSUPPORTED
    assert forges.requests_made == 0


@pytest.mark.parametrize(
    ("files", "software"),
    [
        ((), False),  # the weights, a config and a lone requirements.txt
        (("modeling_pde.py", "configuration_pde.py"), False),  # what loading the weights needs
        (("train.py", "evaluate.py"), True),
        (("scripts",), True),
    ],
)
async def test_a_huggingface_model_holding_code_is_software(
    server: FakeGitHub, forges: ForgeFacts, files: tuple[str, ...], software: bool
) -> None:
    siblings = [*HF_MODEL["siblings"], *({"rfilename": name} for name in files)]
    server.script("/api/models/sci-lab/pde-net-base", 200, {**HF_MODEL, "siblings": siblings})
    facts = (await forges.check("https://huggingface.co/sci-lab/pde-net-base")).facts
    assert facts is not None
    assert facts.record_type == ("software" if software else None)
    url = "https://huggingface.co/sci-lab/pde-net-base"
    assert is_code_link(LinkKind.HUGGINGFACE, url, facts.record_type) is software


SOON = "# Part\n\nThe code of this part will be released soon.\n"
SUITE = {
    "README.md": "# Suite\n\nTools.\n\n## Usage\n```bash\npython -m suite\n```\n",
    "suite/__init__.py": "import os\n",
    "parts/soon/README.md": SOON,
    "parts/ready/README.md": "# Ready\n\n## Usage\n```bash\npython solve.py\n```\n",
    "parts/ready/solve.py": "print('solve')\n",
    "parts/ready/requirements.txt": "numpy==1.26.4\n",
    "parts/bare/run.py": "print('run')\n",
}


@pytest.fixture
async def gitlab_suite() -> AsyncIterator[ForgeFacts]:
    routes = {**gitlab_tree_routes(77, SUITE), **gitlab_routes("lab/suite", SUITE["README.md"])}
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            roots = api_roots_from({"GITLAB_API_URL": fake.url("/api/v4")})
            settings = Settings(max_retries=1, retry_base_delay=0.0, api_roots=roots)
            yield ForgeFacts(fetcher, settings)


@pytest.mark.parametrize(
    ("cited", "outcome", "folder", "detail"),
    [
        ("-/tree/main/parts/ready", Outcome.OK, "parts/ready", "judged on parts/ready/ at main"),
        ("-/tree/main/parts/soon", Outcome.OK, "parts/soon", "judged on parts/soon/ at main"),
        (
            "-/blob/main/parts/ready/solve.py",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at main (holding solve.py)",
        ),
        (
            "-/tree/main/parts/bare",
            Outcome.OK,
            "parts/bare",
            "judged on parts/bare/ at main; README from the root, the nearest up the tree",
        ),
        (
            "-/tree/cvpr/parts/ready",
            Outcome.MOVED,
            "parts/ready",
            "cvpr not found; judged on the default branch",
        ),
        ("-/tree/main/parts/gone", Outcome.DEAD, None, "folder parts/gone is on neither main"),
    ],
)
async def test_a_cited_gitlab_folder_is_judged_on_that_folder(
    gitlab_suite: ForgeFacts, cited: str, outcome: Outcome, folder: str | None, detail: str
) -> None:
    result = await gitlab_suite.check(f"https://gitlab.com/lab/suite/{cited}", LinkKind.GITLAB)
    assert result.check.outcome is outcome
    assert detail in result.check.detail
    assert (result.facts.folder if result.facts else None) == folder


async def test_a_gitlab_folder_s_own_readme_and_files_decide(gitlab_suite: ForgeFacts) -> None:
    url = "https://gitlab.com/lab/suite/-/tree/main/parts/"
    ready = (await gitlab_suite.check(url + "ready", LinkKind.GITLAB)).facts
    soon = (await gitlab_suite.check(url + "soon", LinkKind.GITLAB)).facts
    assert ready is not None
    assert ready.root_files == ("README.md", "requirements.txt", "solve.py")
    assert ready.deps_pinned is True  # the folder's requirements.txt was read
    assert ReadmeCover.USAGE in ready.readme_covers
    assert soon is not None
    assert soon.root_files == ("README.md",)
    assert ReadmeCover.PLACEHOLDER in soon.readme_covers


@pytest.fixture
async def codeberg_suite() -> AsyncIterator[ForgeFacts]:
    routes = {
        **forgejo_routes(
            "lab/suite", {"README.md": SUITE["README.md"]}, site="https://codeberg.org"
        ),
        **forgejo_tree_routes("lab/suite", SUITE),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            roots = api_roots_from({"CODEBERG_API_URL": fake.url("/api/v1")})
            settings = Settings(max_retries=1, retry_base_delay=0.0, api_roots=roots)
            yield ForgeFacts(fetcher, settings)


def assert_judged_on_the_suite_folder(
    result: HostAnswer, outcome: Outcome, folder: str | None, detail: str
) -> None:
    """The suite's folders: `parts/soon` holds a placeholder, `parts/ready` pinned code."""
    assert result.check.outcome is outcome, result.check.detail
    assert detail in result.check.detail
    assert (result.facts.folder if result.facts else None) == folder
    if folder == "parts/soon":
        assert result.facts is not None
        assert ReadmeCover.PLACEHOLDER in result.facts.readme_covers
    if folder == "parts/ready" and outcome is Outcome.OK:
        assert result.facts is not None
        assert result.facts.deps_pinned is True


@pytest.mark.parametrize(
    ("cited", "outcome", "folder", "detail"),
    [
        (
            "src/branch/main/parts/ready",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at main",
        ),
        ("src/branch/main/parts/soon", Outcome.OK, "parts/soon", "judged on parts/soon/ at main"),
        (
            "src/branch/main/parts/ready/solve.py",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at main (holding solve.py)",
        ),
        (
            "src/branch/cvpr/parts/ready",
            Outcome.MOVED,
            "parts/ready",
            "cvpr not found; judged on the default branch",
        ),
        ("src/branch/main/parts/gone", Outcome.DEAD, None, "parts/gone is on neither main"),
    ],
)
async def test_a_cited_codeberg_folder_is_judged_on_that_folder(
    codeberg_suite: ForgeFacts, cited: str, outcome: Outcome, folder: str | None, detail: str
) -> None:
    url = f"https://codeberg.org/lab/suite/{cited}"
    result = await codeberg_suite.check(url, LinkKind.CODEBERG)
    assert_judged_on_the_suite_folder(result, outcome, folder, detail)


@pytest.fixture
async def bitbucket_suite() -> AsyncIterator[ForgeFacts]:
    routes = {
        **bitbucket_routes("lab/suite", {"README.md": SUITE["README.md"]}),
        **bitbucket_tree_routes("lab/suite", SUITE),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            roots = api_roots_from({"BITBUCKET_API_URL": fake.url("/2.0")})
            settings = Settings(max_retries=1, retry_base_delay=0.0, api_roots=roots)
            yield ForgeFacts(fetcher, settings)


@pytest.mark.parametrize(
    ("cited", "outcome", "folder", "detail"),
    [
        ("src/main/parts/ready", Outcome.OK, "parts/ready", "judged on parts/ready/ at main"),
        ("src/main/parts/soon", Outcome.OK, "parts/soon", "judged on parts/soon/ at main"),
        (
            "src/main/parts/ready/solve.py",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at main (holding solve.py)",
        ),
        (
            "src/cvpr/parts/ready",
            Outcome.MOVED,
            "parts/ready",
            "cvpr not found; judged on the default branch",
        ),
        ("src/main/parts/gone", Outcome.DEAD, None, "parts/gone is on neither main"),
    ],
)
async def test_a_cited_bitbucket_folder_is_judged_on_that_folder(
    bitbucket_suite: ForgeFacts, cited: str, outcome: Outcome, folder: str | None, detail: str
) -> None:
    url = f"https://bitbucket.org/lab/suite/{cited}"
    result = await bitbucket_suite.check(url, LinkKind.BITBUCKET)
    assert_judged_on_the_suite_folder(result, outcome, folder, detail)


@pytest.fixture
async def gitee_suite() -> AsyncIterator[ForgeFacts]:
    routes = {
        **gitee_routes("lab/suite", {"README.md": SUITE["README.md"]}),
        **gitee_tree_routes("lab/suite", SUITE),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            roots = api_roots_from({"GITEE_API_URL": fake.url("/api/v5")})
            settings = Settings(max_retries=1, retry_base_delay=0.0, api_roots=roots)
            yield ForgeFacts(fetcher, settings)


@pytest.mark.parametrize(
    ("cited", "outcome", "folder", "detail"),
    [
        ("tree/master/parts/ready", Outcome.OK, "parts/ready", "judged on parts/ready/ at master"),
        ("tree/master/parts/soon", Outcome.OK, "parts/soon", "judged on parts/soon/ at master"),
        (
            "blob/master/parts/ready/solve.py",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at master (holding solve.py)",
        ),
        (
            "tree/master/parts/bare",
            Outcome.OK,
            "parts/bare",
            "judged on parts/bare/ at master; README from the root, the nearest up the tree",
        ),
        (
            "tree/cvpr/parts/ready",
            Outcome.MOVED,
            "parts/ready",
            "cvpr not found; judged on the default branch",
        ),
        (
            "blob/cvpr/parts/ready/solve.py",
            Outcome.MOVED,
            "parts/ready",
            "cvpr not found; judged on the default branch",
        ),
        ("tree/master/parts/gone", Outcome.DEAD, None, "folder parts/gone is on neither master"),
        (
            "blob/master/parts/ready/gone.py",
            Outcome.DEAD,
            None,
            "file parts/ready/gone.py is on neither master",
        ),
        (
            "tree/cvpr/parts/gone",
            Outcome.MOVED,
            "lab/suite",
            "no ref of cvpr/parts/gone found, nor its path on the default branch",
        ),
    ],
)
async def test_a_cited_gitee_folder_is_judged_on_that_folder(
    gitee_suite: ForgeFacts, cited: str, outcome: Outcome, folder: str | None, detail: str
) -> None:
    result = await gitee_suite.check(f"https://gitee.com/lab/suite/{cited}", LinkKind.GITEE)
    assert result.check.outcome is outcome, result.check.detail
    assert detail in result.check.detail
    facts = result.facts
    assert (facts.folder or facts.full_name if facts else None) == folder
    if outcome is Outcome.MOVED and folder != "lab/suite":
        view = cited.split("/")[0]
        path = cited.split("/", 2)[2]
        assert result.check.final_url == f"https://gitee.com/lab/suite/{view}/master/{path}"


async def test_gitee_folders_of_one_repository_each_get_their_own_verdict(
    gitee_suite: ForgeFacts,
) -> None:
    url = "https://gitee.com/lab/suite/tree/master/parts/"
    ready = (await gitee_suite.check(url + "ready", LinkKind.GITEE)).facts
    soon = (await gitee_suite.check(url + "soon", LinkKind.GITEE)).facts
    root = (await gitee_suite.check("https://gitee.com/lab/suite", LinkKind.GITEE)).facts
    assert ready is not None
    assert (ready.folder, ready.ref) == ("parts/ready", "master")
    assert ready.root_files == ("README.md", "requirements.txt", "solve.py")
    assert ready.deps_pinned is True  # the folder's requirements.txt was read
    assert ReadmeCover.USAGE in ready.readme_covers
    assert soon is not None
    assert soon.root_files == ("README.md",)
    assert ReadmeCover.PLACEHOLDER in soon.readme_covers
    assert root is not None  # the repository itself: judged on its root
    assert (root.folder, root.ref) == (None, None)


@pytest.fixture
async def hub_suite() -> AsyncIterator[ForgeFacts]:
    model = huggingface_routes("lab/suite", SUITE["README.md"], siblings=tuple(SUITE)[1:])
    data = huggingface_routes("lab/data", SUITE["README.md"], siblings=tuple(SUITE)[1:])
    dataset = {"/api/datasets/lab/data": data["/api/models/lab/data"]}
    routes = {
        **model,
        **dataset,
        **huggingface_tree_routes("lab/suite", SUITE),
        **huggingface_tree_routes("lab/data", SUITE, collection="datasets"),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            settings = Settings(max_retries=1, retry_base_delay=0.0)
            yield ForgeFacts(fetcher, settings, huggingface_url=fake.url("/"))


@pytest.mark.parametrize(
    ("cited", "outcome", "folder", "detail"),
    [
        ("lab/suite/tree/main/parts/ready", Outcome.OK, "parts/ready", "parts/ready/ at main"),
        ("lab/suite/tree/main/parts/soon", Outcome.OK, "parts/soon", "parts/soon/ at main"),
        (
            "lab/suite/blob/main/parts/ready/solve.py",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at main (holding solve.py)",
        ),
        (
            "lab/suite/tree/main/parts/bare",
            Outcome.OK,
            "parts/bare",
            "judged on parts/bare/ at main; README from the root, the nearest up the tree",
        ),
        (
            "datasets/lab/data/tree/main/parts/ready",
            Outcome.OK,
            "parts/ready",
            "judged on parts/ready/ at main",
        ),
        (
            "lab/suite/tree/cvpr/parts/ready",
            Outcome.MOVED,
            "parts/ready",
            "cvpr not found; judged on the default branch",
        ),
        (
            "datasets/lab/data/blob/v1/parts/ready/solve.py",
            Outcome.MOVED,
            "parts/ready",
            "v1 not found; judged on the default branch",
        ),
        ("lab/suite/tree/main/parts/gone", Outcome.DEAD, None, "folder parts/gone is on neither"),
        (
            "datasets/lab/data/blob/main/parts/ready/gone.py",
            Outcome.DEAD,
            None,
            "file parts/ready/gone.py is on neither main",
        ),
        (
            "lab/suite/tree/cvpr/parts/gone",
            Outcome.MOVED,
            "lab/suite",
            "no ref of cvpr/parts/gone found, nor its path on the default branch",
        ),
    ],
)
async def test_a_cited_hugging_face_folder_is_judged_on_that_folder(
    hub_suite: ForgeFacts, cited: str, outcome: Outcome, folder: str | None, detail: str
) -> None:
    result = await hub_suite.check(f"https://huggingface.co/{cited}", LinkKind.HUGGINGFACE)
    assert result.check.outcome is outcome, result.check.detail
    assert detail in result.check.detail
    facts = result.facts
    assert (facts.folder or facts.full_name if facts else None) == folder
    if outcome is Outcome.MOVED and folder != "lab/suite":
        moved = re.sub(r"/(tree|blob)/[^/]+/", r"/\1/main/", cited)
        assert result.check.final_url == f"https://huggingface.co/{moved}"


async def test_hugging_face_folders_of_one_repository_each_get_their_own_verdict(
    hub_suite: ForgeFacts,
) -> None:
    url = "https://huggingface.co/lab/suite/tree/main/parts/"
    ready = (await hub_suite.check(url + "ready", LinkKind.HUGGINGFACE)).facts
    soon = (await hub_suite.check(url + "soon", LinkKind.HUGGINGFACE)).facts
    root = (await hub_suite.check("https://huggingface.co/lab/suite", LinkKind.HUGGINGFACE)).facts
    assert ready is not None
    assert (ready.folder, ready.ref) == ("parts/ready", "main")
    assert ready.root_files == ("README.md", "requirements.txt", "solve.py")
    assert ready.deps_pinned is True  # the folder's requirements.txt was read
    assert ReadmeCover.USAGE in ready.readme_covers
    assert soon is not None
    assert soon.root_files == ("README.md",)
    assert ReadmeCover.PLACEHOLDER in soon.readme_covers
    assert root is not None  # the repository itself: judged on its root, from its metadata
    assert (root.folder, root.ref) == (None, None)


async def test_a_hugging_face_folder_s_card_over_the_cap_is_not_read() -> None:
    big = "# Huge\n\n## Usage\n```bash\npython run.py\n```\n" + "x" * MAX_CARD_BYTES
    files = {"README.md": SUITE["README.md"], "parts/huge/README.md": big, "parts/huge/run.py": ""}
    routes = {
        **huggingface_routes("lab/big", SUITE["README.md"], siblings=("parts",)),
        **huggingface_tree_routes("lab/big", files),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            settings = Settings(max_retries=1, retry_base_delay=0.0)
            forges = ForgeFacts(fetcher, settings, huggingface_url=fake.url("/"))
            url = "https://huggingface.co/lab/big/tree/main/parts/huge"
            result = await forges.check(url, LinkKind.HUGGINGFACE)
    assert result.check.outcome is Outcome.OK
    assert result.facts is not None
    assert result.facts.folder == "parts/huge"
    assert ReadmeCover.USAGE not in result.facts.readme_covers


# --- figshare articles (weights and data) ---------------------------------------------------------


MANY_FILES = tuple(f"part{i}.pt" for i in range(12))


@pytest.fixture
async def figshare() -> AsyncIterator[ForgeFacts]:
    routes = {
        **figshare_routes(
            [
                FigshareArticle(7001),
                FigshareArticle(7002, deleted=True),
                # More files than the details list: the rest asked of the file's endpoint.
                FigshareArticle(7004, files=MANY_FILES, gone_files=(700499,)),
                FigshareArticle(7006, files=()),
            ]
        ),
        # Not the API's words: a proxy's page, a root pointed at the wrong server.
        "/v2/articles/7003": Reply(
            404, b"<html>Not Found</html>", (("Content-Type", "text/html"),)
        ),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            roots = api_roots_from({"FIGSHARE_API_URL": fake.url("/v2")})
            settings = Settings(max_retries=0, retry_base_delay=0.0, api_roots=roots)
            yield ForgeFacts(fetcher, settings)


@pytest.mark.parametrize(
    ("url", "outcome", "detail"),
    [
        ("https://figshare.com/articles/dataset/x/7001", Outcome.OK, "figshare article 7001"),
        (
            "https://figshare.com/articles/dataset/x/7001?file=700100",
            Outcome.OK,
            "1 file; the linked file model.pt",
        ),
        # The article's whole list lacks it: gone from a live article.
        (
            "https://figshare.com/articles/dataset/x/7001?file=700177",
            Outcome.DEAD,
            "figshare article 7001 (dataset) holds no file 700177",
        ),
        # Past the ten the details list: the file's own endpoint answers.
        (
            "https://figshare.com/articles/dataset/x/7004?file=700411",
            Outcome.OK,
            "the linked file part11.pt",
        ),
        (
            "https://figshare.com/articles/dataset/x/7004?file=700499",
            Outcome.DEAD,
            "figshare article 7004 (dataset) holds no file 700499",
        ),
        # A 404 not in the API's words says nothing of the file.
        (
            "https://figshare.com/articles/dataset/x/7004?file=700498",
            Outcome.TRANSIENT,
            "answered 404 without saying the file is gone",
        ),
        # The article is there and lists no file: not dead, and it holds nothing.
        (
            "https://figshare.com/articles/dataset/x/7006",
            Outcome.OK,
            "no files listed: nothing to download",
        ),
        ("https://figshare.com/articles/dataset/x/7002", Outcome.DEAD, "no such public article"),
        (
            "https://figshare.com/articles/dataset/x/7003",
            Outcome.TRANSIENT,
            "answered 404 without saying the article is gone",
        ),
    ],
)
async def test_a_figshare_article_is_dead_only_when_the_api_says_so(
    figshare: ForgeFacts, url: str, outcome: Outcome, detail: str
) -> None:
    assert figshare.serves_artifact(url, LinkKind.WEB)
    result = await figshare.artifact(url, LinkKind.WEB)
    assert result.check.outcome is outcome
    assert detail in result.check.detail


async def test_a_figshare_file_naming_no_article_is_left_to_the_checker(
    figshare: ForgeFacts,
) -> None:
    # The public API has no metadata endpoint for a file alone: it is asked for its headers.
    assert not figshare.serves_artifact("https://ndownloader.figshare.com/files/5555", LinkKind.WEB)
    assert not figshare.serves_artifact("https://figshare.com/ndownloader/files/5555", LinkKind.WEB)


async def test_figshare_our_side_failing_is_unchecked_never_dead() -> None:
    async with plain_fetcher() as fetcher:
        # Nothing listens there: could not connect.
        roots = api_roots_from({"FIGSHARE_API_URL": "http://127.0.0.1:9/v2"})
        forges = ForgeFacts(fetcher, Settings(max_retries=0, api_roots=roots))
        result = await forges.artifact("https://figshare.com/articles/dataset/x/7001", LinkKind.WEB)
    assert result.check.outcome is Outcome.UNCHECKED


async def test_figshare_is_asked_with_no_token_whatever_the_others_are() -> None:
    with serve(figshare_routes([FigshareArticle(7001)])) as fake:
        async with plain_fetcher() as fetcher:
            environ = {
                "FIGSHARE_API_URL": fake.url("/v2"),
                "HF_TOKEN": "hf-secret-token",
                "ZENODO_TOKEN": "zenodo-secret-token",
            }
            settings = Settings(
                max_retries=0, api_roots=api_roots_from(environ), github_token="gh-secret-token"
            )
            forges = ForgeFacts(fetcher, settings)
            result = await forges.artifact("https://figshare.com/articles/x/7001", LinkKind.WEB)
    assert result.check.outcome is Outcome.OK
    assert [seen.path for seen in fake.requests] == ["/v2/articles/7001"]
    assert all(
        "authorization" not in {k.casefold() for k in seen.headers} for seen in fake.requests
    )


# --- a weights or data repository that answers but holds nothing --------------------------------


@pytest.mark.parametrize(
    ("url", "holds_nothing"),
    [
        ("https://huggingface.co/lab/weightless", True),
        ("https://huggingface.co/lab/unlisted", False),  # no `siblings`: not known empty
        ("https://huggingface.co/datasets/lab/card-only", True),
        ("https://huggingface.co/datasets/lab/scans", False),
    ],
)
async def test_a_hub_repository_listing_nothing_released_is_ok_and_holds_nothing(
    url: str, holds_nothing: bool
) -> None:
    listed = huggingface_routes("lab/unlisted", "# unlisted", weights=())[
        "/api/models/lab/unlisted"
    ]
    assert isinstance(listed, Reply)
    body = json.loads(listed.body)
    del body["siblings"]
    routes = {
        **huggingface_routes("lab/weightless", "# w", weights=(), siblings=("config.json",)),
        "/api/models/lab/unlisted": Reply(200, json.dumps(body).encode()),
        **huggingface_routes("lab/card-only", "# c", weights=(), collection="datasets"),
        **huggingface_routes(
            "lab/scans", "# s", weights=(), siblings=("scans.zip",), collection="datasets"
        ),
    }
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            settings = Settings(max_retries=0, retry_base_delay=0.0)
            forges = ForgeFacts(fetcher, settings, huggingface_url=fake.url("/"))
            result = await forges.artifact(url, LinkKind.HUGGINGFACE)
    assert result.check.outcome is Outcome.OK
    assert (NOTHING_TO_DOWNLOAD in result.check.detail) is holds_nothing


# --- checkpoints committed in folders named for weights, on every forge --------------------------

WEIGHTED = {
    "README.md": "# Labeller\n\nThe code of our labelling paper.\n",
    "train.py": "print('train')\n",
    "labnet-small.pt": "weights",
    "checkpoints/labnet.pth": "weights",
    "checkpoints/imagenet/best.ckpt": "weights",
    "checkpoints/imagenet/old/first.pt": "weights",  # a third level: not listed
    "data/features.npz": "numbers",  # an ambiguous extension, no weights context
}
COMMITTED = ("labnet-small.pt", "checkpoints/labnet.pth", "checkpoints/imagenet/best.ckpt")


def weighted_forge(forge: str) -> tuple[str, dict[str, Route], str]:
    """(environment variable and API root path, the fake's routes, the repository's URL) of the
    repository `WEIGHTED` on `forge`."""
    readme = {"README.md": WEIGHTED["README.md"]}
    match forge:
        case "gitlab":
            routes = {
                **gitlab_tree_routes(77, WEIGHTED),
                **gitlab_routes("lab/weighted", WEIGHTED["README.md"]),
            }
            return "GITLAB_API_URL=/api/v4", routes, "https://gitlab.com/lab/weighted"
        case "codeberg":
            routes = {
                **forgejo_routes("lab/weighted", readme, site="https://codeberg.org"),
                **forgejo_tree_routes("lab/weighted", WEIGHTED),
            }
            return "CODEBERG_API_URL=/api/v1", routes, "https://codeberg.org/lab/weighted"
        case "bitbucket":
            routes = {
                **bitbucket_routes("lab/weighted", readme),
                **bitbucket_tree_routes("lab/weighted", WEIGHTED),
            }
            return "BITBUCKET_API_URL=/2.0", routes, "https://bitbucket.org/lab/weighted"
        case _:
            routes = {
                **gitee_routes("lab/weighted", WEIGHTED),
                **gitee_tree_routes("lab/weighted", WEIGHTED),
            }
            return "GITEE_API_URL=/api/v5", routes, "https://gitee.com/lab/weighted"


async def weighted_facts(forge: str, failing: str | None = None) -> tuple[RepoFacts, list[str]]:
    """The facts of `WEIGHTED` on `forge` and the paths its fake was asked; `failing`: a path
    that answers 500 instead."""
    variable, routes, url = weighted_forge(forge)
    name, root = variable.split("=")
    if failing is not None:
        routes[failing] = Reply(500, b"boom")
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            roots = api_roots_from({name: fake.url(root)})
            settings = Settings(max_retries=0, retry_base_delay=0.0, api_roots=roots)
            result = await ForgeFacts(fetcher, settings).check(url)
        asked = [seen.path for seen in fake.requests]
    assert result.check.outcome is Outcome.OK, result.check.detail
    assert result.facts is not None
    return result.facts, asked


FORGES = ("gitlab", "codeberg", "bitbucket", "gitee")


@pytest.mark.parametrize("forge", FORGES)
async def test_checkpoints_in_a_folder_named_for_weights_are_committed_weights(forge: str) -> None:
    facts, asked = await weighted_facts(forge)
    assert facts.committed_weights == COMMITTED
    assert WEIGHTS_FOLDERS not in facts.skipped
    # The folder and its first subfolders, a request each; never deeper, never `data/`.
    assert not any("data" in path or "old" in path for path in asked)


async def test_gitlab_reads_its_root_tree_for_the_weights_alone() -> None:
    # GitLab's facts read no other root listing: the tree costs one request, its folders one each.
    facts, asked = await weighted_facts("gitlab")
    assert asked.count("/api/v4/projects/77/repository/tree") == 3  # root, checkpoints/, imagenet/
    assert facts.root_files == ()  # no other fact is read from it


@pytest.mark.parametrize(
    ("forge", "failing"),
    [
        ("codeberg", "/api/v1/repos/lab/weighted/contents/checkpoints"),
        ("bitbucket", "/2.0/repositories/lab/weighted/src/main/checkpoints/"),
        ("gitee", "/api/v5/repos/lab/weighted/contents/checkpoints"),
        ("gitlab", "/api/v4/projects/77/repository/tree"),
    ],
)
async def test_a_weights_folder_the_forge_would_not_list_leaves_d4_unknown(
    forge: str, failing: str
) -> None:
    facts, _ = await weighted_facts(forge, failing)
    assert WEIGHTS_FOLDERS in facts.skipped
    assert "checkpoints/labnet.pth" not in facts.committed_weights
