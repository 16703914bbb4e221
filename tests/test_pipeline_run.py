"""Which weights and data links the READMEs give are checked as their papers'
(`pipeline.run.artifact_links`)."""

from __future__ import annotations

from auditor.models import (
    ArtifactKind,
    ArtifactLink,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Outcome,
    RepoFacts,
    Whose,
)
from auditor.pipeline.run import MAX_ARTIFACTS_PER_REPOSITORY, artifact_links

CODE = "https://github.com/acme/net"


def repository(
    *given: ArtifactLink, url: str = CODE, papers: tuple[str, ...] = ("l#1",)
) -> LinkResult:
    name = url.removeprefix("https://github.com/")
    return LinkResult(
        Link(url, LinkKind.GITHUB_REPO, papers),
        LinkCheck(Outcome.OK, "repository exists", "2026-12-01T10:00:00Z"),
        RepoFacts(full_name=name, exists=True, source="rest", readme_artifacts=given),
    )


def weights(url: str, whose: Whose = Whose.OWN, *, promised: bool = False) -> ArtifactLink:
    return ArtifactLink(
        url, ArtifactKind.WEIGHTS, 3, "Our weights.", whose=whose, promised=promised
    )


def test_weights_and_data_are_links_of_the_papers_citing_the_repository() -> None:
    data = ArtifactLink("https://zenodo.org/records/7", ArtifactKind.DATA, 5, "The data.")
    demo = ArtifactLink("https://colab.research.google.com/x", ArtifactKind.DEMO, 6, "Try it.")
    found = artifact_links(
        [repository(weights("https://huggingface.co/acme/net"), data, demo, papers=("l#1", "l#2"))],
        cited={},
    )
    assert [(link.url, link.kind, link.artifact, link.whose) for link in found] == [
        ("https://huggingface.co/acme/net", LinkKind.HUGGINGFACE, ArtifactKind.WEIGHTS, Whose.OWN),
        ("https://zenodo.org/records/7", LinkKind.ZENODO, ArtifactKind.DATA, Whose.OWN),
    ]
    assert all(link.papers == ("l#1", "l#2") and link.found_via == CODE for link in found)


def test_a_file_share_or_release_asset_is_asked_as_a_web_link() -> None:
    asset = "https://github.com/acme/net/releases/download/v1/net.pt"
    (found,) = artifact_links([repository(weights(asset))], cited={})
    assert (found.url, found.kind) == (asset, LinkKind.WEB)  # not the repository, no API budget


def test_promises_and_links_the_paper_cites_itself_are_left_as_they_are() -> None:
    cited = "https://huggingface.co/acme/cited"
    given = [weights("https://huggingface.co/acme/soon", promised=True), weights(cited)]
    link = Link(cited, LinkKind.HUGGINGFACE, ("l#1",))
    assert artifact_links([repository(*given)], cited={cited: link}) == []


def test_at_most_twenty_a_repository_the_papers_own_first() -> None:
    theirs = [weights(f"https://huggingface.co/other/base-{n}", Whose.OTHER) for n in range(5)]
    own = [weights(f"https://huggingface.co/acme/net-{n}") for n in range(30)]
    found = artifact_links([repository(*theirs, *own)], cited={})
    assert len(found) == MAX_ARTIFACTS_PER_REPOSITORY
    assert all(link.whose is Whose.OWN for link in found)
    assert found[0].url == "https://huggingface.co/acme/net-0"


def test_one_link_two_readmes_give_is_the_papers_own_if_either_says_so() -> None:
    url = "https://huggingface.co/acme/shared"
    found = artifact_links(
        [
            repository(weights(url, Whose.OTHER), papers=("l#1",)),
            repository(weights(url), url="https://github.com/acme/fork", papers=("l#2",)),
        ],
        cited={},
    )
    assert [(link.papers, link.whose) for link in found] == [(("l#1", "l#2"), Whose.OWN)]
