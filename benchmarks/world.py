"""A simulated world for the benchmarks: a paper list, the repositories behind its GitHub links
and the web behind its other links, all generated from one seed, each link with its known truth.

Shares follow a real ICML list (3,300 papers: ~2,000 repositories, ~800 project pages): per
paper 62 % cite a repository, 24 % a project page, 9 % another web link (a dataset or docs page),
3 % share a repository with another paper. Project pages carry a code link (the cited repository,
or for one in five a repository the abstract does not cite: the audit harvests it) and a template
credit in the footer.

Web outcomes (the `CATEGORIES` shares): mostly 200, and 404, 410, 301 (moved), 302, 429 with
Retry-After then 200, 503 once then 200, a persistent 500, a slow answer, a host refusing HEAD
(405), a soft 404 (200 saying "Page not found"). Web hosts are loopback addresses 127.1.x.y, one
listening socket each: most links sit on their own host (like `*.github.io`), 30 % on ten shared
"big" hosts where per-host politeness applies.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# category → (share of web links, auditor's expected outcome, the peers' expected class)
# Peer classes: "ok" (alive), "broken" (dead), "either" (a persistent 5xx: no peer has a
# `transient` verdict, so calling it broken or not is both accepted).
CATEGORIES: dict[str, tuple[float, str, str]] = {
    "ok": (0.815, "ok", "ok"),
    "dead": (0.05, "dead", "broken"),
    "gone": (0.005, "dead", "broken"),
    "moved": (0.03, "moved", "ok"),
    "found": (0.02, "ok", "ok"),  # 302: a temporary redirect, the cited URL stays right
    "limited": (0.02, "ok", "ok"),  # 429 Retry-After: 1 on the first request, then 200
    "flaky": (0.01, "ok", "ok"),  # 503 on the first request, then 200
    "error": (0.005, "transient", "either"),  # 500 every time
    "slow": (0.015, "ok", "ok"),  # answers after SLOW_SECONDS
    "nohead": (0.02, "ok", "ok"),  # HEAD answers 405, GET 200
    "soft404": (0.01, "dead", "broken"),  # 200 with a "Page not found" page
    # A healthy project page whose only "404" is its own URL, its title echoing that URL.
    "url404": (0.0, "ok", "ok"),
}
SLOW_SECONDS = 2.0
BIG_HOSTS = 10
BIG_HOST_SHARE = 0.30
MAX_HOSTS = 1500
WORDS = [
    "we",
    "propose",
    "a",
    "novel",
    "method",
    "for",
    "learning",
    "robust",
    "representations",
    "from",
    "data",
    "with",
    "theoretical",
    "guarantees",
    "and",
    "strong",
    "empirical",
    "results",
    "across",
    "benchmarks",
    "in",
    "language",
    "vision",
    "reinforcement",
    "learning",
    "graph",
    "diffusion",
    "transformer",
    "optimisation",
    "generalisation",
    "scaling",
]
LICENSES = {
    "mit": {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": None},
    "apache-2.0": {
        "key": "apache-2.0",
        "name": "Apache License 2.0",
        "spdx_id": "Apache-2.0",
        "url": None,
    },
}
README = """# {name}

Official implementation of the paper. This repository holds the training and evaluation code
and the configuration of every experiment.

## Installation
```
pip install -r requirements.txt
```

## Training
```
python train.py --config configs/base.yaml
```

## Results
| model | accuracy |
| --- | --- |
| {name} | 91.2 |

## Citation
```bibtex
@inproceedings{{x2026, title={{{name}}}}}
```
"""


@dataclass
class RepoSpec:
    full_name: str  # the name the API knows it by
    cited_as: str  # the name in the paper list (differs for a rename)
    exists: bool = True
    empty: bool = False
    files: dict[str, str] = field(default_factory=dict)
    license: str | None = None
    release: bool = False


@dataclass
class WebLink:
    path: str
    host: str
    category: str
    page: bool  # a project page (HTML with a code link) rather than another web link
    code_link: str | None = None  # the repository URL on the page

    def url(self, port: int) -> str:
        return f"http://{self.host}:{port}{self.path}"


@dataclass
class World:
    papers: int
    seed: int
    port: int
    repos: list[RepoSpec]
    web: list[WebLink]
    text: str  # the paper list
    # The URLs of links.md / links.html in order, duplicates included (default: each once).
    listed: list[str] | None = None

    @property
    def hosts(self) -> list[str]:
        return sorted({link.host for link in self.web})

    def expected(self) -> dict[str, str]:
        """URL → the auditor's expected outcome, for every web link of the list."""
        return {link.url(self.port): CATEGORIES[link.category][1] for link in self.web}

    def peer_expected(self) -> dict[str, str]:
        return {link.url(self.port): CATEGORIES[link.category][2] for link in self.web}

    def web_spec(self) -> dict[str, Any]:
        """What the fake web server needs: port, hosts, and per path its category and body."""
        return {
            "port": self.port,
            "hosts": self.hosts,
            "routes": {link.path: [link.category, link.page, link.code_link] for link in self.web},
        }

    def dump(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "papers.txt").write_text(self.text, encoding="utf-8")
        (folder / "web.json").write_text(json.dumps(self.web_spec()), encoding="utf-8")
        repos = [asdict(repo) for repo in self.repos]
        (folder / "repos.json").write_text(json.dumps(repos), encoding="utf-8")
        links = self.listed if self.listed is not None else sorted(self.expected())
        (folder / "links.md").write_text(
            "# Links\n\n" + "".join(f"- <{url}>\n" for url in links), encoding="utf-8"
        )
        (folder / "links.html").write_text(
            "<!doctype html><html><head><title>Links</title></head><body><ul>\n"
            + "".join(f'<li><a href="{url}">{url}</a></li>\n' for url in links)
            + "</ul></body></html>\n",
            encoding="utf-8",
        )


def _pick(rng: random.Random) -> str:
    roll = rng.random()
    for name, (share, _, _) in CATEGORIES.items():
        roll -= share
        if roll < 0:
            return name
    return "ok"


def _repo(rng: random.Random, owner: str, name: str) -> RepoSpec:
    spec = RepoSpec(full_name=f"{owner}/{name}", cited_as=f"{owner}/{name}")
    roll = rng.random()
    if roll < 0.04:
        spec.exists = False
        return spec
    if roll < 0.06:
        spec.full_name = f"{owner}-lab/{name}"  # renamed: the old name redirects
    if rng.random() < 0.01:
        spec.empty = True
        return spec
    files = {"train.py": "", "model.py": ""}
    readme = rng.random()
    if readme < 0.80:
        files["README.md"] = README.format(name=name)
    elif readme < 0.85:
        files["README.rst"] = f"{name}\n====\n\nCode of the paper.\n"
    elif readme < 0.88:
        files["docs/README.md"] = README.format(name=name)  # costs the second GraphQL query
    if rng.random() < 0.55:
        pinned = rng.random() < 0.4
        files["requirements.txt"] = "torch==2.3.0\nnumpy==1.26.4\n" if pinned else "torch\nnumpy\n"
        if rng.random() < 0.15:
            files["poetry.lock"] = "# lock\n"
    if rng.random() < 0.7:
        spec.license = rng.choice(sorted(LICENSES))
        files["LICENSE"] = "licence text"
    spec.release = rng.random() < 0.3
    spec.files = files
    return spec


def _sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def build(papers: int, *, seed: int = 7, port: int = 18080, one_host: bool = False) -> World:
    """The world of a `papers`-long list; the same arguments give the same world. `one_host`:
    every web link on `ONE_HOST` instead (a list whose pages all sit on one proceedings site),
    the same papers, repositories and links otherwise."""
    rng = random.Random(seed * 1_000_003 + papers)
    web_links = int(papers * 0.33) + 8
    n_hosts = min(MAX_HOSTS, max(12, int(web_links * (1 - BIG_HOST_SHARE) / 1.5)))
    small_hosts = [f"127.1.{i // 250}.{i % 250 + 1}" for i in range(BIG_HOSTS, n_hosts)]
    big_hosts = [f"127.1.{i // 250}.{i % 250 + 1}" for i in range(BIG_HOSTS)]
    repos: list[RepoSpec] = []
    web: list[WebLink] = []
    paragraphs: list[str] = []
    for number in range(papers):
        sentences = [_sentence(rng, rng.randint(8, 18)) for _ in range(rng.randint(4, 7))]
        cited: RepoSpec | None = None
        if rng.random() < 0.62:
            if repos and rng.random() < 0.03:
                cited = rng.choice(repos)
            else:
                cited = _repo(rng, f"lab{number % 997}", f"method{number}")
                repos.append(cited)
            sentences.append(f"Code is available at https://github.com/{cited.cited_as}.")
        kinds = []
        if rng.random() < 0.24:
            kinds.append(True)
        if rng.random() < 0.09:
            kinds.append(False)
        for page in kinds:
            category = _pick(rng)
            if rng.random() < BIG_HOST_SHARE:
                host = rng.choice(big_hosts)
            else:
                host = rng.choice(small_hosts)
            path = f"/{'project' if page else 'data'}/{number}-{len(web)}"
            code_link = None
            if page:
                if cited is not None and rng.random() < 0.8:
                    code_link = f"https://github.com/{cited.cited_as}"
                else:
                    extra = _repo(rng, f"page{number % 499}", f"code{number}")
                    repos.append(extra)
                    code_link = f"https://github.com/{extra.cited_as}"
            link = WebLink(path, ONE_HOST if one_host else host, category, page, code_link)
            web.append(link)
            word = "Project page" if page else "Data"
            sentences.append(f"{word}: {link.url(port)}")
        paragraphs.append(" ".join(sentences))
    text = "ICML 2026 benchmark list\n\n" + "\n\n".join(paragraphs) + "\n"
    return World(papers, seed, port, repos, web, text)


def fake_repos(world: World) -> list[Any]:
    """The `FakeRepo`s of tests/support/fake_github.py for the repositories that exist."""
    from tests.support.fake_github import FakeRepo

    made: dict[str, Any] = {}
    for spec in world.repos:
        if not spec.exists or spec.full_name.casefold() in made:
            continue
        made[spec.full_name.casefold()] = FakeRepo(
            spec.full_name,
            files=dict(spec.files),
            license=LICENSES[spec.license] if spec.license else None,
            last_commit_at=None if spec.empty else "2026-05-01T17:45:12Z",
            release=("v1.0", "2026-06-01T00:00:00Z") if spec.release else None,
            old_names=(spec.cited_as,) if spec.cited_as != spec.full_name else (),
        )
    return list(made.values())


ONE_HOST = "127.1.0.1"
URL404_SHARE = 0.01


def build_one_host(
    unique: int = 800, listed: int = 1000, *, seed: int = 7, port: int = 18080
) -> World:
    """Every web link on ONE host (127.1.0.1, like arxiv.org or a proceedings site in a real
    list): `unique` URLs of the world's categories (plus 1 % of healthy pages with "404" in
    their URL and a title echoing it), listed `listed` times (some cited twice), in the
    order a list would give them. Project pages link to repositories, as in `build`."""
    rng = random.Random(seed * 7_919 + unique)
    repos: list[RepoSpec] = []
    web: list[WebLink] = []
    for number in range(unique):
        page = rng.random() < 0.72
        category = "url404" if page and rng.random() < URL404_SHARE else _pick(rng)
        code_link = None
        if page:
            spec = _repo(rng, f"lab{number % 97}", f"method{number}")
            repos.append(spec)
            code_link = f"https://github.com/{spec.cited_as}"
        stem = "404-results" if category == "url404" else "index"
        path = f"/{'project' if page else 'data'}/{number}/{stem}"
        web.append(WebLink(path, ONE_HOST, category, page, code_link))
    urls = [link.url(port) for link in web]
    order = urls + [rng.choice(urls) for _ in range(listed - unique)]
    rng.shuffle(order)
    text = "One-host list\n\n" + "\n\n".join(f"Paper {i}: {url}" for i, url in enumerate(order))
    return World(unique, seed, port, repos, web, text + "\n", listed=order)
