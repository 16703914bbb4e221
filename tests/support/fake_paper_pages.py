"""A fake of Hugging Face's paper pages API, answering as Hugging Face documents it
(https://github.com/huggingface/skills/blob/main/skills/huggingface-papers/SKILL.md, "Paper Pages
API Endpoints": `GET /api/papers/{PAPER_ID}` gives the paper's structured metadata — its id,
title, authors, summary, upvotes, and the `githubRepo` and `projectPage` the paper's page links,
each a URL or null; "Error Handling": 404 when the paper is not indexed). Served by the
`huggingface` server of `tests.support.fake_hosts.host_world`, under its `/api` root."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tests.support.fake_hosts import reply
from tests.support.local_servers import Reply


@dataclass(frozen=True)
class PaperPage:
    """One indexed paper: its arXiv id, title and the links its page gives."""

    arxiv_id: str
    title: str
    github_repo: str | None = None
    project_page: str | None = None


def paper_page_routes(pages: tuple[PaperPage, ...]) -> Mapping[str, Reply]:
    """`/api/papers/{id}` for each indexed paper; any other id is not indexed (404)."""
    return {
        f"/api/papers/{page.arxiv_id}": reply(
            {
                "id": page.arxiv_id,
                "title": page.title,
                "authors": [{"_id": "65a0", "name": "A. Author", "hidden": False}],
                "summary": f"We present {page.title}.",
                "upvotes": 3,
                "publishedAt": "2026-01-05T00:00:00.000Z",
                "githubRepo": page.github_repo,
                "projectPage": page.project_page,
            }
        )
        for page in pages
    }
