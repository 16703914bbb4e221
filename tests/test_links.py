"""Link identity, table by table: the hosts' own site sections never become repositories, and
every module asks the same questions of `auditor.links`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import auditor
from auditor import links
from auditor.links import (
    GITHUB_PROFILE_SECTIONS,
    GITHUB_SITE_SECTIONS,
    GITLAB_TOP_LEVEL_ROUTES,
    HUGGINGFACE_SITE_SECTIONS,
    FigshareItem,
    GitHubRelease,
    artifact_host,
    code_repository,
    figshare_item,
    github_full_name,
    github_page,
    github_release,
    gitlab_project,
    huggingface_repository,
    is_code_link,
    is_harvestable,
    normalize_url,
    origins,
)
from auditor.links.normalize import keyed_before_folders
from auditor.models import LinkKind
from auditor.net.guard import ApiRoot
from tests.support.syntax import parsed, walked


def kind_of(url: str) -> LinkKind | None:
    normal = normalize_url(url)
    return None if normal is None else normal.kind


# --- GitHub -------------------------------------------------------------------------------------


@pytest.mark.parametrize("section", sorted(GITHUB_SITE_SECTIONS - GITHUB_PROFILE_SECTIONS))
def test_no_github_site_section_is_a_repository(section: str) -> None:
    url = f"https://github.com/{section}/advisories"
    assert kind_of(url) is LinkKind.GITHUB_OTHER
    assert github_full_name(url) is None
    assert not is_harvestable(url)
    page = github_page(url)
    assert page is not None
    assert page.kind == "site"


@pytest.mark.parametrize("section", sorted(GITHUB_PROFILE_SECTIONS))
def test_github_profile_sections_name_a_user(section: str) -> None:
    page = github_page(f"https://github.com/{section}/octo-org")
    assert page is not None
    assert (page.kind, page.owner) == ("user", "octo-org")
    assert not is_harvestable(f"https://github.com/{section}/octo-org")


def test_the_documented_sections_are_there() -> None:
    # Pages GitHub serves about itself that project pages link to (a security policy, a
    # product page, sponsors, topics): each must be a site section.
    for name in ("security", "features", "topics", "sponsors", "marketplace", "solutions"):
        assert name in GITHUB_SITE_SECTIONS
    assert "acme" not in GITHUB_SITE_SECTIONS


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/Acme/Good-Net", "Acme/Good-Net"),
        ("https://github.com/acme/net.js/tree/main/src", "acme/net.js"),
        ("https://www.github.com/acme/net.git", "acme/net"),
        ("https://github.com/acme", None),  # a profile
        ("https://github.com/../user", None),  # no owner is `..`
        ("https://github.com/acme/..", None),
        ("https://github.com/-acme/net", None),  # owners never start with a hyphen
        ("https://github.com/" + "a" * 40 + "/net", None),  # at most 39 characters
        ("https://github.com/acme/" + "n" * 101, None),  # repositories at most 100
        ("https://gitlab.com/acme/net", None),
    ],
)
def test_github_full_name_follows_githubs_naming_rules(url: str, expected: str | None) -> None:
    assert github_full_name(url) == expected


@pytest.mark.parametrize(
    ("url", "kind", "owner", "rest"),
    [
        ("https://github.com/acme", "user", "acme", ()),
        ("https://gist.github.com/acme/0123abc", "gist", "", ()),
        ("https://github.com/acme/net/blob/main/a.py", "file", "acme", ("main", "a.py")),
        ("https://raw.githubusercontent.com/acme/net/main/a.py", "file", "acme", ("main", "a.py")),
        ("https://github.com/acme/net/releases/tag/v1", "release", "acme", ("v1",)),
        ("https://github.com/acme/net/pull/7", "issue", "acme", ("7",)),
        ("https://github.com/acme/net/commit/abc", "commit", "acme", ("abc",)),
        ("https://github.com/acme/net/wiki", "repository", "acme", ()),
        ("https://github.com/", "site", "", ()),
    ],
)
def test_github_pages(url: str, kind: str, owner: str, rest: tuple[str, ...]) -> None:
    page = github_page(url)
    assert page is not None
    assert (page.kind, page.owner, page.rest) == (kind, owner, rest)


def test_github_paths_github_could_not_hold_are_nothing() -> None:
    assert github_page("https://github.com/../user") is None
    assert github_page("https://github.com/acme/../orgs") is None


# --- Hugging Face -------------------------------------------------------------------------------


@pytest.mark.parametrize("section", sorted(HUGGINGFACE_SITE_SECTIONS - {"datasets", "spaces"}))
def test_no_hugging_face_site_section_is_a_repository(section: str) -> None:
    url = f"https://huggingface.co/{section}/something"
    assert kind_of(url) is LinkKind.WEB
    assert huggingface_repository(url) is None
    assert not is_harvestable(url)


@pytest.mark.parametrize(
    ("url", "expected", "kind"),
    [
        ("https://huggingface.co/acme/net", ("models", "acme/net"), LinkKind.HUGGINGFACE),
        ("https://hf.co/acme/net/tree/main", ("models", "acme/net"), LinkKind.HUGGINGFACE),
        (
            "https://huggingface.co/datasets/acme/corpus",
            ("datasets", "acme/corpus"),
            LinkKind.HUGGINGFACE,
        ),
        ("https://huggingface.co/spaces/acme/demo", ("spaces", "acme/demo"), LinkKind.HUGGINGFACE),
        # A profile and a legacy one-segment model id look alike: a page, not a repository.
        ("https://huggingface.co/acme", None, LinkKind.WEB),
        ("https://huggingface.co/datasets", None, LinkKind.WEB),
        ("https://huggingface.co/spaces/acme", None, LinkKind.WEB),
        ("https://huggingface.co/papers/2403.01234", None, LinkKind.WEB),
    ],
)
def test_hugging_face_repositories(
    url: str, expected: tuple[str, str] | None, kind: LinkKind
) -> None:
    assert huggingface_repository(url) == expected
    assert kind_of(url) is kind


# --- GitLab -------------------------------------------------------------------------------------


@pytest.mark.parametrize("route", sorted(GITLAB_TOP_LEVEL_ROUTES - {"-"}))
def test_no_gitlab_top_level_route_is_a_project(route: str) -> None:
    url = f"https://gitlab.com/{route}/something"
    assert gitlab_project(url) is None
    assert kind_of(url) is LinkKind.WEB


@pytest.mark.parametrize(
    ("url", "project", "subpath"),
    [
        ("https://gitlab.com/group/sub/net", "group/sub/net", None),
        ("https://gitlab.com/group/sub/net/-/tree/main/src", "group/sub/net", "/-/tree/main/src"),
        ("https://gitlab.com/group/sub/net/-/tree/main", "group/sub/net", "/-/tree/main"),
        ("https://gitlab.com/group/net/tree/main", "group/net", "/tree/main"),
        ("https://gitlab.com/group/net.git", "group/net", None),
        ("https://gitlab.com/group", None, None),
    ],
)
def test_gitlab_projects(url: str, project: str | None, subpath: str | None) -> None:
    assert gitlab_project(url) == project
    normal = normalize_url(url)
    assert normal is not None
    if project is not None:
        # A cited folder keeps its path: it is judged on its own (issue 24 item 1).
        folder = subpath if subpath and subpath.count("/") >= 4 else ""
        assert normal.url == f"https://gitlab.com/{project}{folder}"
        assert normal.subpath == subpath
        again = normalize_url(normal.url)
        assert again is not None
        assert again.url == normal.url
        assert keyed_before_folders(normal.url) == (
            f"https://gitlab.com/{project}" if folder else None
        )


# --- what a link is for -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "code", "harvest", "artifact"),
    [
        ("https://github.com/acme/net", True, True, None),
        ("https://gitlab.com/acme/net", True, True, None),
        ("https://bitbucket.org/acme/net", True, True, None),
        ("https://codeberg.org/acme/net", True, True, None),
        ("https://gitee.com/acme/net", True, True, None),
        ("https://zenodo.org/records/123", False, False, "file-share"),  # software or not: unread
        ("https://anonymous.4open.science/r/net-1234", True, True, None),
        ("https://huggingface.co/spaces/acme/demo", True, True, "space"),
        ("https://huggingface.co/acme/net", False, True, "weights"),
        ("https://huggingface.co/datasets/acme/corpus", False, True, "data"),
        ("https://huggingface.co/datasets/acme/corpus/blob/main/corpus.py", False, True, None),
        ("https://huggingface.co/datasets/acme/corpus/blob/main/README.md", False, True, None),
        ("https://huggingface.co/datasets/acme/corpus/discussions/3", False, True, None),
        (
            "https://huggingface.co/datasets/acme/corpus/resolve/main/test.parquet",
            False,
            True,
            "data",
        ),
        ("https://github.com/acme", False, False, None),
        ("https://github.com/nerfies/nerfies.github.io", True, False, None),  # a site template
        ("https://github.com/acme/net/releases/download/v1/w.pt", True, True, "release-asset"),
        ("https://drive.google.com/file/d/x", False, False, "file-share"),
        ("https://drive.usercontent.google.com/download?id=x", False, False, "file-share"),
        ("https://github.com/acme/net/releases", True, True, "release-page"),
        ("https://github.com/acme/net/releases/tag/v1.0", True, True, "release-page"),
        ("https://huggingface.co/collections/acme/net-123", False, False, "collection"),
        ("https://www.kaggle.com/datasets/acme/x", False, False, "data"),
        ("https://www.kaggle.com/competitions/birds/data", False, False, "data"),
        ("https://www.kaggle.com/c/birds", False, False, "data"),
        ("https://www.kaggle.com/models/acme/net", False, False, "weights"),
        ("https://www.kaggle.com/models/acme/net/pyTorch/base/1", False, False, "weights"),
        ("https://www.kaggle.com/code/jane/birds-eda", False, False, None),  # a notebook
        ("https://www.kaggle.com/competitions/birds/leaderboard", False, False, None),
        ("https://www.kaggle.com/jane", False, False, None),  # a profile
        ("https://acme.github.io/net/", False, False, None),
        ("ftp://github.com/acme/net", True, False, None),
    ],
)
def test_what_a_link_is_for(url: str, code: bool, harvest: bool, artifact: str | None) -> None:
    normal = normalize_url(url)
    assert normal is not None
    assert is_code_link(normal.kind, normal.url) is code
    assert (code_repository(url) is not None) is code
    assert is_harvestable(url) is harvest
    assert artifact_host(url) == artifact


@pytest.mark.parametrize(
    ("url", "hosted"),
    [
        ("https://colab.research.google.com/github/acme/net/blob/main/demo.ipynb", True),
        ("https://mybinder.org/v2/gh/acme/net/HEAD", True),
        ("https://huggingface.co/spaces/acme/demo", True),
        ("https://hf.co/spaces/acme/demo", True),  # the Hub's short host is the Hub
        ("https://huggingface.co/acme/net", False),  # a model is weights, not somewhere to run
        ("https://github.com/acme/net?from=mybinder.org", False),  # named, not hosted there
    ],
)
def test_hosted_environments(url: str, hosted: bool) -> None:
    assert links.is_hosted_environment(url) is hosted


def test_code_hosts_own_pages_are_not_harvested_for_a_papers_code() -> None:
    assert links.harvests_code("https://acme.github.io/net/")
    assert links.harvests_code("https://lab.example.org/project")
    assert not links.harvests_code("https://github.com/acme")
    assert not links.harvests_code("https://huggingface.co/papers/2403.01234")


@pytest.mark.parametrize(
    "url",
    [
        "https://bitbucket.org/../user",
        "https://bitbucket.org/acme/net/src/main/../../../../user",
        "https://gitee.com/%2e%2e/user",
        "https://codeberg.org/acme/a%2F..%2F..%2Fuser",
        "https://gitlab.com/acme/%2e%2e",
        "https://gitlab.com/group/sub/../../../user",
        "https://huggingface.co/../whoami-v2",
        "https://huggingface.co/datasets/acme/..",
        "https://archive.softwareheritage.org/browse/origin/?origin_url=https://github.com/a/../b",
        "https://doi.org/10.1234/../../user",
    ],
)
def test_a_path_that_climbs_names_nothing_on_any_host(url: str) -> None:
    """GitHub's rule, for every host: a `.` or `..` segment, plain or percent-encoded, anywhere in
    the path, and the URL names no repository, project, origin or DOI an API is asked about."""
    assert links.owner_name_repository(url) is None
    assert links.gitlab_project(url) is None
    assert links.huggingface_repository(url) is None
    assert links.software_heritage_target(url) is None
    assert links.doi_of(url) is None
    normal = links.normalize_url(url)
    assert normal is not None
    # A forge's link is the web page it is; archived code and a DOI keep their kind, naming
    # nothing their API is asked about (above).
    assert normal.kind in (LinkKind.WEB, LinkKind.SOFTWARE_HERITAGE, LinkKind.DOI)


# --- URL mechanics: one home (links.origins) ----------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://API.Example.org/v4", ("https", "api.example.org", 443)),
        ("https://api.example.org.:443/", ("https", "api.example.org", 443)),  # root dot, default
        ("HTTP://api.example.org:8080/x", ("http", "api.example.org", 8080)),
        ("http://[2001:DB8::1]/", ("http", "2001:db8::1", 80)),
        ("ftp://files.example.org/a", ("ftp", "files.example.org", 21)),
        ("gopher://old.example.org/", ("gopher", "old.example.org", None)),
    ],
)
def test_one_origin_however_a_url_spells_it(url: str, expected: tuple[object, ...]) -> None:
    assert origins.origin(url) == expected


@pytest.mark.parametrize(
    ("host", "domains", "on"),
    [
        ("example.org", ("example.org",), True),
        ("a.b.example.org", ("other.net", "example.org"), True),
        ("badexample.org", ("example.org",), False),  # a suffix of the text, not a parent domain
        ("example.org.evil.net", ("example.org",), False),
        ("org", ("example.org",), False),
        ("", ("example.org",), False),
        ("example.org", (), False),
    ],
)
def test_a_host_is_on_a_domain_or_below_it(host: str, domains: tuple[str, ...], on: bool) -> None:
    assert origins.on_domain(host, *domains) is on


def test_host_and_port_as_compared() -> None:
    assert origins.host_key("[::1]") == "::1"
    assert origins.host_key("GitHub.COM.") == "github.com"
    assert origins.host_of("https://Lab.GitHub.io./x") == "lab.github.io"
    assert origins.host_of("mailto:someone") == ""
    assert origins.explicit_port("https://x.org:443/") is None
    assert origins.explicit_port("http://x.org:443/") == 443
    with pytest.raises(ValueError, match="out of range"):
        origins.origin("https://x.org:99999/")
    # The guard's API roots, the GitHub endpoints and the token's origins agree.
    root = ApiRoot.parse("https://API.example.org.:443/api/v4/")
    assert root is not None
    assert (root.scheme, root.host, root.port) == origins.origin("https://api.example.org/")
    assert root.holds("https://api.example.org/api/v4/projects/1")


def test_default_ports_have_one_home() -> None:
    # Every module asks links.origins; none keeps a table of its own ({"https": 443, ...}).
    package = Path(auditor.__file__).parent
    tables = []
    for path in sorted(package.rglob("*.py")):
        for node in walked(parsed(path)):
            if isinstance(node, ast.Dict) and any(
                isinstance(value, ast.Constant) and value.value in (80, 443)
                for value in node.values
            ):
                tables.append(f"{path.relative_to(package)}:{node.lineno}")
    assert [table.split(":")[0] for table in tables] == ["links/origins.py"], tables


def test_a_paper_key_prefers_arxiv_then_doi_then_openreview_else_the_title() -> None:
    from auditor.links import paper_key

    cited = [
        "https://openreview.net/pdf?id=Ab12_x",
        "https://doi.org/10.1000/XYZ",
        "https://arxiv.org/pdf/2401.00001v3",
    ]
    assert paper_key(cited, "T") == "arxiv:2401.00001"
    assert paper_key(cited[:2], "T") == "doi:10.1000/xyz"
    assert paper_key(cited[:1], "T") == "openreview:Ab12_x"
    assert paper_key(["https://openreview.net/group?id=ICLR.cc"], "T").startswith("title:")
    # The title, normalised: case, width and punctuation aside; other words, another key.
    same = paper_key([], "Deep Nets: A Study!")
    assert same == paper_key([], "ｄｅｅｐ  nets — a study") != paper_key([], "Deep Nets II")
    assert len(same) == len("title:") + 16


@pytest.mark.parametrize(
    ("url", "normal_url"),
    [
        (
            "https://codeberg.org/lab/net/src/branch/main/models",
            "https://codeberg.org/lab/net/src/branch/main/models",
        ),
        (
            "https://codeberg.org/lab/net/src/tag/v1/models/a.py",
            "https://codeberg.org/lab/net/src/tag/v1/models/a.py",
        ),
        # A bare ref, or another page of the repository, names the repository.
        ("https://codeberg.org/lab/net/src/branch/main", "https://codeberg.org/lab/net"),
        ("https://codeberg.org/lab/net/issues/3", "https://codeberg.org/lab/net"),
        (
            "https://bitbucket.org/lab/net/src/main/models",
            "https://bitbucket.org/lab/net/src/main/models",
        ),
        ("https://bitbucket.org/lab/net/src/main", "https://bitbucket.org/lab/net"),
    ],
)
def test_a_cited_codeberg_or_bitbucket_folder_keeps_its_path(url: str, normal_url: str) -> None:
    normal = normalize_url(url)
    assert normal is not None
    kind = LinkKind.BITBUCKET if "bitbucket" in url else LinkKind.CODEBERG
    assert (normal.kind, normal.url) == (kind, normal_url)
    again = normalize_url(normal.url)
    assert again is not None
    assert again.url == normal.url
    repository = url.split("/src/")[0].split("/issues/")[0]
    expected = repository if normal_url != repository else None
    assert keyed_before_folders(normal.url) == expected


@pytest.mark.parametrize(
    ("url", "normal_url"),
    [
        (
            "https://gitee.com/lab/net/tree/master/models",
            "https://gitee.com/lab/net/tree/master/models",
        ),
        (
            "https://www.gitee.com/lab/net/blob/v1/models/a.py",
            "https://gitee.com/lab/net/blob/v1/models/a.py",
        ),
        # A bare ref, or another page of the repository, names the repository.
        ("https://gitee.com/lab/net/tree/master", "https://gitee.com/lab/net"),
        ("https://gitee.com/lab/net/issues/3", "https://gitee.com/lab/net"),
    ],
)
def test_a_cited_gitee_folder_keeps_its_path(url: str, normal_url: str) -> None:
    normal = normalize_url(url)
    assert normal is not None
    assert (normal.kind, normal.url) == (LinkKind.GITEE, normal_url)
    again = normalize_url(normal.url)
    assert again is not None
    assert again.url == normal.url
    cited = normal_url != "https://gitee.com/lab/net"
    assert keyed_before_folders(normal.url) == ("https://gitee.com/lab/net" if cited else None)


@pytest.mark.parametrize(
    ("url", "normal_url", "repository"),
    [
        (
            "https://huggingface.co/lab/net/tree/main/scripts",
            "https://huggingface.co/lab/net/tree/main/scripts",
            "https://huggingface.co/lab/net",
        ),
        (
            "https://huggingface.co/datasets/lab/data/blob/v1/tools/prep.py",
            "https://huggingface.co/datasets/lab/data/blob/v1/tools/prep.py",
            "https://huggingface.co/datasets/lab/data",
        ),
        (
            "https://huggingface.co/spaces/lab/demo/tree/main/app",
            "https://huggingface.co/spaces/lab/demo/tree/main/app",
            "https://huggingface.co/spaces/lab/demo",
        ),
        # A bare revision, or another page of the repository, names the repository.
        ("https://huggingface.co/lab/net/tree/main", "https://huggingface.co/lab/net", None),
        ("https://huggingface.co/lab/net/discussions/2", "https://huggingface.co/lab/net", None),
    ],
)
def test_a_cited_hugging_face_folder_keeps_its_path(
    url: str, normal_url: str, repository: str | None
) -> None:
    normal = normalize_url(url)
    assert normal is not None
    assert (normal.kind, normal.url) == (LinkKind.HUGGINGFACE, normal_url)
    again = normalize_url(normal.url)
    assert again is not None
    assert again.url == normal.url
    assert keyed_before_folders(normal.url) == repository


@pytest.mark.parametrize(
    ("url", "held"),
    [
        ("https://huggingface.co/acme/net/blob/main/figures/results.png", None),
        ("https://huggingface.co/acme/net/blob/main/README.md", None),
        ("https://huggingface.co/acme/net/resolve/v2/config.json", None),
        ("https://huggingface.co/acme/net/resolve/main/model.safetensors", "weights"),
        ("https://huggingface.co/acme/net/blob/main/ckpt/net-large.pth", "weights"),
        ("https://huggingface.co/acme/net/tree/main/checkpoints", "weights"),
        ("https://huggingface.co/acme/net", "weights"),
        ("https://huggingface.co/datasets/acme/corpus/blob/main/train.csv", "data"),
    ],
)
def test_a_link_to_one_file_of_a_model_holds_what_the_file_is(url: str, held: str | None) -> None:
    assert artifact_host(url) == held


@pytest.mark.parametrize(
    ("url", "item"),
    [
        ("https://figshare.com/articles/dataset/Scans/12345678", FigshareItem("12345678")),
        ("https://figshare.com/articles/dataset/Scans/12345678/3", FigshareItem("12345678")),
        ("https://figshare.com/articles/12345", FigshareItem("12345")),
        ("https://figshare.com/articles/model/x/123?file=456", FigshareItem("123", "456")),
        ("https://lab.figshare.com/articles/dataset/x/42", FigshareItem("42")),
        ("https://doi.org/10.6084/m9.figshare.987.v2", FigshareItem("987")),
        ("https://ndownloader.figshare.com/articles/77/versions/1", FigshareItem("77")),
        ("https://ndownloader.figshare.com/files/5555", FigshareItem(None, "5555")),
        ("https://figshare.com/ndownloader/files/5555", FigshareItem(None, "5555")),
        ("https://figshare.com/authors/Someone/1", None),
        ("https://figshare.com/search?q=labnet", None),
        ("https://example.org/articles/dataset/x/1", None),
    ],
)
def test_figshare_articles_and_files(url: str, item: FigshareItem | None) -> None:
    assert figshare_item(url) == item


@pytest.mark.parametrize(
    ("url", "release"),
    [
        (
            "https://github.com/vision-lab/net/releases/download/v1.0/net.pt",
            GitHubRelease("vision-lab", "net", "v1.0", "net.pt"),
        ),
        (
            "https://github.com/vision-lab/net/releases/latest/download/net.pt",
            GitHubRelease("vision-lab", "net", None, "net.pt", latest=True),
        ),
        (
            "https://github.com/vision-lab/net/releases/tag/v2",
            GitHubRelease("vision-lab", "net", "v2"),
        ),
        (
            "https://github.com/vision-lab/net/releases/latest",
            GitHubRelease("vision-lab", "net", None, latest=True),
        ),
        ("https://github.com/vision-lab/net/releases", GitHubRelease("vision-lab", "net", None)),
        ("https://github.com/vision-lab/net/tree/main/releases", None),
        ("https://github.com/vision-lab/net/releases/download/v1.0", None),
        ("https://gitlab.com/vision-lab/net/releases/tag/v2", None),
    ],
)
def test_github_releases_and_their_assets(url: str, release: GitHubRelease | None) -> None:
    assert github_release(url) == release


def test_a_url_asked_again_is_answered_from_the_first_answer() -> None:
    """A run normalises the same URLs again and again (a page's links judged, then harvested):
    the answer, an immutable value, is worked out once."""
    url = "https://GitHub.com/Once-Lab/Asked-Twice.git"
    first = normalize_url(url)
    assert first is not None
    assert first.url == "https://github.com/once-lab/asked-twice"
    assert normalize_url(url) is first
