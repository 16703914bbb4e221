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

import functools
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from auditor.links import code_repository, is_hosted_environment
from auditor.models import ArtifactKind, ArtifactLink, ReadmeCover, Whose
from auditor.readme.words import PAPER_LINK

__all__ = ["data_urls", "given", "kind_of", "weights_urls"]

K = ArtifactKind
MAX_GIVEN = 50  # `artifact_links`: the most written per README
_DOCUMENTATION_PATH = re.compile(r"/(docs?|documentation|wiki)(/|$)", re.I)
# Links a data section holds that are never the data: pictures, videos, licences.
_NEVER_DATA = re.compile(
    r"/user-attachments/|\.(png|jpe?g|gif|svg|webp|mp4)(\?|$)|youtube\.com/|youtu\.be/"
    r"|creativecommons\.org/|shields\.io/",
    re.I,
)


@functools.lru_cache(maxsize=4096)
def kind_of(
    url: str, kinds: frozenset[ReadmeCover], whose: Whose, *, says_data: bool = False
) -> ArtifactKind:
    """A link's kind from what the README analysis found it holds (`kinds`: weights, data or
    both, by `readme.lines.artifact_kinds`), whose its weights are, and whether its clause or
    section speaks of data alone (`says_data`); see the module docstring for the order."""
    if is_hosted_environment(url):
        return K.DEMO
    if ReadmeCover.WEIGHTS in kinds and (whose is Whose.OWN or ReadmeCover.DATA not in kinds):
        return K.WEIGHTS
    if ReadmeCover.DATA in kinds:
        return K.DATA
    if _documentation(url) and code_repository(url) is None:
        return K.DOCUMENTATION
    # A data section's or sentence's other links (a dataset's repository or page) are the data.
    if says_data and not PAPER_LINK.search(url) and not _NEVER_DATA.search(url):
        return K.DATA
    return K.OTHER if code_repository(url) is None else K.CODE


def _documentation(url: str) -> bool:
    """A documentation site or page: Read the Docs, a `docs.` host, a docs or wiki path."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    host = (parts.hostname or "").casefold()
    return (
        host.endswith(".readthedocs.io")
        or (host.startswith("docs.") and host != "docs.google.com")
        or bool(_DOCUMENTATION_PATH.search(parts.path))
    )


def given(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """`artifact_links`: the weights, data and demo links the README gives, in order, each
    once — a demo even where promised, weights and data not; never another work's weights."""
    kept = (
        link.url
        for link in links
        if link.kind is K.DEMO
        or (
            not link.promised
            and not link.by_context
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
