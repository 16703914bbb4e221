"""Weights and data asked of their hosts' APIs, through the command line against the fake GitHub
(REST without a token, GraphQL with one) and the fake figshare, Hugging Face and Zenodo APIs on
127.0.0.1: figshare articles (live, deleted, embargoed, listing no file) and links to one of
their files (listed, gone from the article), GitHub release assets (present, missing from a
release that exists, of a tag that does not exist, not asked when the tokenless budget is
spent), links that answer but hold nothing to download (a releases page or the latest release
of a repository without one, a release without assets, a model listing no weight files, an
empty record: `ok`, never `dead`, and no D4/E3 credit), and checkpoints committed in the
repository (in a folder named for weights, in Git LFS)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from auditor import cli
from auditor.net import client
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import (
    FigshareArticle,
    ZenodoRecord,
    figshare_routes,
    forgejo_routes,
    forgejo_tree_routes,
    gitee_routes,
    gitee_tree_routes,
    host_world,
    huggingface_routes,
    zenodo_routes,
)
from tests.support.local_servers import FakeDNS

TOKEN = "artifact-apis-token"
FILES = {
    "requirements.txt": "torch==2.3.0\n",
    "train.py": "def main():\n    pass\n",
    "evaluate.py": "def main():\n    pass\n",
}
RELEASE = ("v1.0", "2026-02-01T00:00:00Z")
LFS = "*.ckpt filter=lfs diff=lfs merge=lfs -text\n"


def readme(section: str = "") -> str:
    return f"""# LabNet

LabNet is the code of our paper on efficient image labelling.

## Installation

```
pip install -r requirements.txt
```

## Usage

Run `python train.py` to train and `python evaluate.py` to evaluate.

{section}
"""


def weights(sentence: str) -> str:
    return readme(f"## Pretrained weights\n\n{sentence}\n")


def asset(name: str, tag: str, file: str) -> str:
    return f"https://github.com/acme/{name}/releases/download/{tag}/{file}"


def releases(name: str, rest: str = "") -> str:
    return f"https://github.com/acme/{name}/releases{rest}"


# The cases whose weights link is into a repository's releases (asked together with a token).
RELEASE_LINKS = 7
# The cases whose repository has no release at all.
NO_RELEASE = ("releases-empty", "latest-empty")


def repositories() -> list[FakeRepo]:
    """One repository a case, each README giving its weights or data (or none)."""
    cases: dict[str, tuple[str, dict[str, str], tuple[str, ...]]] = {
        "figshare-live": (
            weights(
                "Download our trained checkpoint from "
                "[figshare](https://figshare.com/articles/dataset/labnet_weights/4001)."
            ),
            {},
            (),
        ),
        "figshare-gone": (
            weights(
                "Download our trained checkpoint from "
                "[figshare](https://figshare.com/articles/dataset/labnet_weights/4002)."
            ),
            {},
            (),
        ),
        "figshare-embargo": (
            readme(
                "## Data\n\nDownload our dataset from "
                "[figshare](https://figshare.com/articles/dataset/labnet_scans/4003).\n"
            ),
            {},
            (),
        ),
        "asset-present": (
            weights(
                "Download our trained checkpoint: "
                f"[labnet.pt]({asset('asset-present', 'v1.0', 'labnet.pt')})"
            ),
            {},
            ("labnet.pt",),
        ),
        "asset-missing": (
            weights(
                "Download our trained checkpoint: "
                f"[labnet.pt]({asset('asset-missing', 'v1.0', 'labnet.pt')})"
            ),
            {},
            ("other.pt",),
        ),
        "tag-missing": (
            weights(
                "Download our trained checkpoint: "
                f"[labnet.pt]({asset('tag-missing', 'v9.9', 'labnet.pt')})"
            ),
            {},
            ("labnet.pt",),
        ),
        "private-weights": (
            weights(
                "Download our trained checkpoint: "
                f"[labnet.pt]({asset('hidden-weights', 'v1.0', 'labnet.pt')})"
            ),
            {},
            (),
        ),
        "releases-empty": (
            weights(
                f"Our trained weights are attached to the [releases]({releases('releases-empty')})."
            ),
            {},
            (),
        ),
        "latest-empty": (
            weights(
                "Download our trained checkpoint from the "
                f"[latest release]({releases('latest-empty', '/latest')})."
            ),
            {},
            (),
        ),
        "release-no-assets": (
            weights(
                "Our trained checkpoint is in "
                f"[release v1.0]({releases('release-no-assets', '/tag/v1.0')})."
            ),
            {},
            (),
        ),
        "hub-empty": (
            weights("Our trained model is on Hugging Face: https://huggingface.co/acme/hub-empty"),
            {},
            (),
        ),
        "figshare-empty": (
            weights(
                "Download our trained checkpoint from "
                "[figshare](https://figshare.com/articles/dataset/labnet_weights/4004)."
            ),
            {},
            (),
        ),
        "figshare-file": (
            weights(
                "Download our trained checkpoint: "
                "[labnet.pt](https://figshare.com/articles/dataset/labnet_weights/4001?file=400100)."
            ),
            {},
            (),
        ),
        "figshare-file-gone": (
            weights(
                "Download our trained checkpoint: "
                "[labnet.pt](https://figshare.com/articles/dataset/labnet_weights/4001?file=400177)."
            ),
            {},
            (),
        ),
        "zenodo-empty": (
            readme(
                "## Data\n\nDownload our dataset from [Zenodo](https://zenodo.org/records/5001).\n"
            ),
            {},
            (),
        ),
        "committed": (readme(), {"checkpoints/labnet.pth": "weights"}, ()),
        "lfs": (readme(), {"labnet.ckpt": "pointer", ".gitattributes": LFS}, ()),
        "data-only": (readme(), {"data/features.npz": "numbers"}, ()),
    }
    return [
        FakeRepo(
            f"acme/{name}",
            {"README.md": text, **FILES, **files},
            release=None if name in NO_RELEASE else RELEASE,
            release_assets=assets,
        )
        for name, (text, files, assets) in cases.items()
    ]


def hidden() -> FakeRepo:
    """A repository only the token sees, whose release holds the weights another README links."""
    return FakeRepo(
        "acme/hidden-weights",
        {"README.md": "# hidden\n"},
        private=True,
        release=RELEASE,
        release_assets=("labnet.pt",),
    )


def articles() -> list[FigshareArticle]:
    return [
        FigshareArticle(4001, files=("labnet.pt",), kind="model"),
        FigshareArticle(4002, deleted=True),
        FigshareArticle(4003, files=("scans.zip",), embargo_until="2027-06-01"),
        FigshareArticle(4004, files=(), kind="model"),
    ]


def hub() -> dict[str, Any]:
    """A model of the paper's owner listing its card and a config, no weight file."""
    return huggingface_routes(
        "acme/hub-empty", "# hub-empty", weights=(), siblings=("config.json",)
    )


def audit(
    folder: Path, repos: list[FakeRepo], *, token: str | None, rest_budget: int | None = None
) -> dict[str, Any]:
    """One `auditor audit` of a paper per repository; the scorecard, with its notes."""
    with (
        host_world(
            {
                "figshare": figshare_routes(articles()),
                "huggingface": hub(),
                "zenodo": zenodo_routes([ZenodoRecord(5001, resource_type="dataset")]),
            }
        ) as hosts,
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(client, "system_resolver", FakeDNS({"github.com": "140.82.112.3"}))
        with FakeGitHub([*repos, hidden()], token=token, rest_budget=rest_budget) as github:
            listed = folder / "papers.txt"
            listed.write_text(
                "\n\n".join(
                    f"We present {repo.full_name}. Code: https://github.com/{repo.full_name}"
                    for repo in repos
                )
                + "\n",
                encoding="utf-8",
            )
            out = folder / "out"
            arguments = audit_arguments(listed, out, github.url, "--max-retries", "0")
            environ = hosts.environ(**({"GITHUB_TOKEN": token} if token else {}))
            cli.main(arguments, environ=environ)
            card: dict[str, Any] = json.loads((out / "scorecard.json").read_text())
            card["github_requests"] = [seen.path for seen in github.requests]
            card["graphql_queries"] = [
                json.loads(seen.body)["query"] for seen in github.requests if seen.body
            ]
            card["figshare_asked"] = hosts.asked("figshare")
            return card


@pytest.fixture(scope="module", params=["rest", "graphql"])
def scorecard(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    token = TOKEN if request.param == "graphql" else None
    return audit(tmp_path_factory.mktemp(request.param), repositories(), token=token)


def artifact(card: dict[str, Any], name: str) -> dict[str, Any]:
    return next(
        link for link in card["links"] if link.get("found_via") == f"https://github.com/acme/{name}"
    )


def criterion(card: dict[str, Any], name: str, id_: str) -> dict[str, Any]:
    found = next(p for p in card["papers"] if p["links"][0] == f"https://github.com/acme/{name}")
    return next(c for c in found["criteria"] if c["id"] == id_)


def test_a_live_figshare_article_passes_d4(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "figshare-live")
    assert (link["artifact"], link["whose"], link["outcome"]) == ("weights", "own", "ok")
    assert "figshare article 4001 (model, 1 file)" in link["detail"]
    assert criterion(scorecard, "figshare-live", "D4")["result"] == "pass"
    # Asked of the API, never fetched from figshare.com itself.
    assert "/v2/articles/4001" in scorecard["figshare_asked"]


def test_a_deleted_figshare_article_is_dead_and_fails_d4(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "figshare-gone")
    assert link["outcome"] == "dead"
    assert "no such public article" in link["detail"]
    assert criterion(scorecard, "figshare-gone", "D4")["result"] == "fail"


def test_an_embargoed_figshare_article_is_withheld_and_fails_e3(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "figshare-embargo")
    assert (link["artifact"], link["outcome"]) == ("data", "blocked")
    assert "under embargo until 2027-06-01" in link["detail"]
    assert criterion(scorecard, "figshare-embargo", "E3")["result"] == "fail"


def test_a_release_asset_present_in_its_release_passes_d4(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "asset-present")
    assert (link["whose"], link["outcome"]) == ("own", "ok")
    assert "release v1.0 holds labnet.pt" in link["detail"]
    assert criterion(scorecard, "asset-present", "D4")["result"] == "pass"
    # Asked of the API by its tag, never by fetching github.com: through REST without a
    # token, with one in a GraphQL batch of every release link.
    by_rest = any(
        path.endswith("/repos/acme/asset-present/releases/tags/v1.0")
        for path in scorecard["github_requests"]
    )
    batches = [q for q in scorecard["graphql_queries"] if q.startswith("query Releases(")]
    if scorecard["graphql_queries"]:
        assert (by_rest, len(batches)) == (False, 1)
        assert batches[0].count(": repository(") == RELEASE_LINKS
    else:
        assert by_rest


def test_an_asset_missing_from_a_release_that_exists_is_dead(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "asset-missing")
    assert link["outcome"] == "dead"
    assert "release v1.0 exists but holds no asset labnet.pt" in link["detail"]
    assert criterion(scorecard, "asset-missing", "D4")["result"] == "fail"


def test_an_asset_of_a_missing_release_tag_is_dead(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "tag-missing")
    assert link["outcome"] == "dead"
    assert "no release v9.9" in link["detail"]


def test_an_asset_of_a_repository_only_the_token_sees_fails_d4(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "private-weights")
    # Without a token GitHub says the repository does not exist; with one, that it is private.
    assert link["outcome"] == ("blocked" if scorecard["graphql_queries"] else "dead")
    assert criterion(scorecard, "private-weights", "D4")["result"] == "fail"


@pytest.mark.parametrize("name", NO_RELEASE)
def test_a_releases_page_of_a_repository_without_a_release_answers_but_fails_d4(
    scorecard: dict[str, Any], name: str
) -> None:
    # github.com shows the page: never dead; it holds no weights, so D4 is not credited.
    link = artifact(scorecard, name)
    assert link["outcome"] == "ok"
    assert "the repository has no release (nothing to download)" in link["detail"]
    d4 = criterion(scorecard, name, "D4")
    assert d4["result"] == "fail"
    assert d4["reason"].startswith("the weights link answers but holds no weights: ")


def test_a_release_without_assets_answers_but_fails_d4(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "release-no-assets")
    assert link["outcome"] == "ok"
    assert "release v1.0 exists (no asset: nothing to download)" in link["detail"]
    assert criterion(scorecard, "release-no-assets", "D4")["result"] == "fail"


def test_a_model_listing_no_weight_files_answers_but_fails_d4(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "hub-empty")
    assert (link["whose"], link["outcome"]) == ("own", "ok")
    assert "no weight files listed: nothing to download" in link["detail"]
    d4 = criterion(scorecard, "hub-empty", "D4")
    assert d4["result"] == "fail"
    assert d4["reason"].startswith("the weights link answers but holds no weights: ")
    assert d4["evidence"][0].startswith("https://huggingface.co/acme/hub-empty: ")


def test_a_figshare_article_listing_no_file_answers_but_fails_d4(
    scorecard: dict[str, Any],
) -> None:
    link = artifact(scorecard, "figshare-empty")
    assert link["outcome"] == "ok"
    assert "figshare article 4004 (model, no files listed: nothing to download)" in link["detail"]
    assert criterion(scorecard, "figshare-empty", "D4")["result"] == "fail"


def test_an_empty_zenodo_record_answers_but_fails_e3(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "zenodo-empty")
    assert (link["artifact"], link["outcome"]) == ("data", "ok")
    assert "no files listed: nothing to download" in link["detail"]
    e3 = criterion(scorecard, "zenodo-empty", "E3")
    assert e3["result"] == "fail"
    assert e3["reason"].startswith("the data link answers but holds no data: ")


def test_a_link_to_one_figshare_file_is_judged_on_its_article_s_files(
    scorecard: dict[str, Any],
) -> None:
    listed = artifact(scorecard, "figshare-file")
    assert listed["outcome"] == "ok"
    assert "the linked file labnet.pt" in listed["detail"]
    assert criterion(scorecard, "figshare-file", "D4")["result"] == "pass"
    gone = artifact(scorecard, "figshare-file-gone")
    assert gone["outcome"] == "dead"
    assert "figshare article 4001 (model) holds no file 400177" in gone["detail"]
    assert criterion(scorecard, "figshare-file-gone", "D4")["result"] == "fail"
    # Judged on the article's list: its file endpoint is not asked, nothing is downloaded.
    assert not any("/files/" in path for path in scorecard["figshare_asked"])


def test_checkpoints_committed_in_a_weights_folder_are_credited(
    scorecard: dict[str, Any],
) -> None:
    d4 = criterion(scorecard, "committed", "D4")
    assert d4["result"] == "pass"
    assert d4["reason"] == "committed checkpoints: checkpoints/labnet.pth"


def test_a_checkpoint_in_git_lfs_is_credited_and_noted(scorecard: dict[str, Any]) -> None:
    d4 = criterion(scorecard, "lfs", "D4")
    assert d4["result"] == "pass"
    assert d4["reason"] == "committed checkpoints: labnet.ckpt (weights in Git LFS)"


def test_an_ambiguous_extension_without_a_weights_context_earns_nothing(
    scorecard: dict[str, Any],
) -> None:
    assert criterion(scorecard, "data-only", "D4")["result"] == "fail"


def test_tokenless_over_budget_leaves_the_asset_unknown_and_says_it_skipped(
    tmp_path: Path,
) -> None:
    # Two requests judge the repository; the budget holds no more for its release asset.
    repos = [repo for repo in repositories() if repo.full_name == "acme/asset-present"]
    card = audit(tmp_path, repos, token=None, rest_budget=2)
    link = artifact(card, "asset-present")
    assert link["outcome"] == "unchecked"
    assert "kept the GitHub REST budget" in link["detail"]
    assert criterion(card, "asset-present", "D4")["result"] == "unknown"
    assert any("1 release link not checked" in note for note in card["notes"])
    assert not any("/releases/tags/" in path for path in card["github_requests"])


def test_checkpoints_committed_on_other_forges_are_credited(tmp_path: Path) -> None:
    # Codeberg and Gitee list a folder named for weights by path, as GitHub's is listed.
    files = {**FILES, "README.md": readme(), "checkpoints/labnet.pth": "weights"}
    forges = {
        "codeberg": {
            **forgejo_routes("acme/bergnet", {"README.md": readme()}, site="https://codeberg.org"),
            **forgejo_tree_routes("acme/bergnet", files),
        },
        "gitee": {
            **gitee_routes("acme/giteenet", files),
            **gitee_tree_routes("acme/giteenet", files),
        },
    }
    listed = tmp_path / "papers.txt"
    listed.write_text(
        "We present BergNet. Code: https://codeberg.org/acme/bergnet\n\n"
        "We present GiteeNet. Code: https://gitee.com/acme/giteenet\n",
        encoding="utf-8",
    )
    with host_world(forges) as hosts, FakeGitHub([]) as github:
        out = tmp_path / "out"
        arguments = audit_arguments(listed, out, github.url, "--max-retries", "0")
        cli.main(arguments, environ=hosts.environ())
    card = json.loads((out / "scorecard.json").read_text())
    assert [paper["name"] for paper in card["papers"]] == ["BergNet", "GiteeNet"]
    for paper in card["papers"]:
        d4 = next(c for c in paper["criteria"] if c["id"] == "D4")
        assert (d4["result"], d4["reason"]) == (
            "pass",
            "committed checkpoints: checkpoints/labnet.pth",
        ), paper["name"]


def test_a_model_listing_no_weights_the_paper_cites_itself_earns_no_d4(tmp_path: Path) -> None:
    repo = FakeRepo("acme/cited-model", {"README.md": readme(), **FILES})
    listed = tmp_path / "papers.txt"
    listed.write_text(
        "We present LabNet. Code: https://github.com/acme/cited-model and weights: "
        "https://huggingface.co/acme/hub-empty\n",
        encoding="utf-8",
    )
    with host_world({"huggingface": hub()}) as hosts, FakeGitHub([repo]) as github:
        out = tmp_path / "out"
        arguments = audit_arguments(listed, out, github.url, "--max-retries", "0")
        cli.main(arguments, environ=hosts.environ())
    card = json.loads((out / "scorecard.json").read_text())
    model = next(link for link in card["links"] if link["url"].startswith("https://huggingface"))
    assert model["outcome"] == "ok"
    assert "no weight files listed: nothing to download" in model["detail"]
    d4 = next(c for c in card["papers"][0]["criteria"] if c["id"] == "D4")
    assert d4["result"] == "fail"
    assert d4["reason"].startswith("the weights link answers but holds no weights: ")
