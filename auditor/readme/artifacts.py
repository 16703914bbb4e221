"""What each link a README gives is for: the one classification of a README's links.

Every URL the one URL finder (`auditor.links.scan`, through `readme.lines`) finds on a README
line the analysis reads is an `ArtifactLink`: its kind, the line and sentence it stands in, its
section's title, whose it is and whether its line only promises it. The kind is decided in this
order: a hosted environment (Colab, Binder, a Hugging Face Space) is a `demo`; a link whose host
holds weights or data, or a file share, collection or release whose words or section say which
(`readme.lines.artifact_kinds`), is `weights` or `data` (weights another work's that sit beside
data are that data); a repository on a code host is `code`; a documentation site or page
(Read the Docs, a `docs.` host, a `/docs/` or `/wiki` path) is `documentation`; anything else
(a paper, a project page) is `other`.

The URL lists the rest of the project reads are asked of it here: `given` (`artifact_links`
as `scorecard.json` has always written it: weights, data and demos the README gives, without
promises or others' weights), and `weights_urls` / `data_urls` (the paper's own weights, the
data to download).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from auditor.links import code_repository, is_hosted_environment
from auditor.models import ArtifactKind, ArtifactLink, ReadmeCover, Whose

__all__ = ["data_urls", "given", "kind_of", "weights_urls"]

K = ArtifactKind
MAX_GIVEN = 50  # `artifact_links`: the most written per README
_DOCUMENTATION_PATH = re.compile(r"/(docs?|documentation|wiki)(/|$)", re.I)


def kind_of(url: str, kinds: frozenset[ReadmeCover], whose: Whose) -> ArtifactKind:
    """A link's kind from what the README analysis found it holds (`kinds`: weights, data or
    both, by `readme.lines.artifact_kinds`) and whose its weights are; see the module
    docstring for the order."""
    if is_hosted_environment(url):
        return K.DEMO
    if ReadmeCover.WEIGHTS in kinds and (whose is Whose.OWN or ReadmeCover.DATA not in kinds):
        return K.WEIGHTS
    if ReadmeCover.DATA in kinds:
        return K.DATA
    if code_repository(url) is not None:
        return K.CODE
    try:
        parts = urlsplit(url)
    except ValueError:
        return K.OTHER
    host = (parts.hostname or "").casefold()
    if (
        host.endswith(".readthedocs.io")
        or (host.startswith("docs.") and host != "docs.google.com")
        or _DOCUMENTATION_PATH.search(parts.path)
    ):
        return K.DOCUMENTATION
    return K.OTHER


def given(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """`artifact_links`: the weights, data and demo links the README gives, in order, each
    once — a demo even where promised, weights and data not; never another work's weights."""
    kept = (
        link.url
        for link in links
        if link.kind is K.DEMO
        or (
            not link.promised
            and (link.kind is K.DATA or (link.kind is K.WEIGHTS and link.whose is Whose.OWN))
        )
    )
    return tuple(dict.fromkeys(kept))[:MAX_GIVEN]


def weights_urls(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """The paper's own weights the README gives (not promised), in order, each once."""
    return tuple(
        dict.fromkeys(
            link.url
            for link in links
            if link.kind is K.WEIGHTS and link.whose is Whose.OWN and not link.promised
        )
    )


def data_urls(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """The data the README gives to download (not promised), in order, each once."""
    return tuple(
        dict.fromkeys(link.url for link in links if link.kind is K.DATA and not link.promised)
    )
