"""Requests per repository for the checkpoints committed in folders named for weights, on the
forges that list a folder by path: each forge's fake API on 127.0.0.1 asked for one
repository's facts (`ForgeFacts.check`), without and with a `checkpoints/` folder (one
subfolder, a third level below it), every request counted, and the committed weights found.
`python -m benchmarks.forge_checkpoints` (from a checkout: its `auditor` is measured)."""

from __future__ import annotations

import asyncio
from typing import Any

from auditor.config.settings import Settings, api_roots_from
from auditor.hosts.forges import ForgeFacts
from tests.support.fake_hosts import (
    bitbucket_routes,
    bitbucket_tree_routes,
    forgejo_routes,
    forgejo_tree_routes,
    gitee_routes,
    gitee_tree_routes,
    gitlab_routes,
    gitlab_tree_routes,
)
from tests.support.local_servers import plain_fetcher, serve

README = "# Labeller\n\nThe code of our labelling paper.\n"
PLAIN = {
    "README.md": README,
    "train.py": "print('train')\n",
    "labnet-small.pt": "weights",
    "data/features.npz": "numbers",
}
WEIGHTED = {
    **PLAIN,
    "checkpoints/labnet.pth": "weights",
    "checkpoints/imagenet/best.ckpt": "weights",
    "checkpoints/imagenet/old/first.pt": "weights",
}


def world(forge: str, files: dict[str, str]) -> tuple[str, str, dict[str, Any], str]:
    """(root's variable, root's path, the fake's routes, the repository's URL) on `forge`."""
    readme = {"README.md": README}
    if forge == "gitlab":
        routes = {**gitlab_tree_routes(77, files), **gitlab_routes("lab/w", README)}
        return "GITLAB_API_URL", "/api/v4", routes, "https://gitlab.com/lab/w"
    if forge == "codeberg":
        routes = {
            **forgejo_routes("lab/w", readme, site="https://codeberg.org"),
            **forgejo_tree_routes("lab/w", files),
        }
        return "CODEBERG_API_URL", "/api/v1", routes, "https://codeberg.org/lab/w"
    if forge == "bitbucket":
        routes = {**bitbucket_routes("lab/w", readme), **bitbucket_tree_routes("lab/w", files)}
        return "BITBUCKET_API_URL", "/2.0", routes, "https://bitbucket.org/lab/w"
    routes = {**gitee_routes("lab/w", files), **gitee_tree_routes("lab/w", files)}
    return "GITEE_API_URL", "/api/v5", routes, "https://gitee.com/lab/w"


async def count(forge: str, files: dict[str, str]) -> tuple[int, tuple[str, ...]]:
    """The requests the forge's fake received for the repository of `files`, and the committed
    weights its facts name."""
    name, root, routes, url = world(forge, files)
    with serve(routes) as fake:
        async with plain_fetcher() as fetcher:
            settings = Settings(max_retries=0, api_roots=api_roots_from({name: fake.url(root)}))
            result = await ForgeFacts(fetcher, settings).check(url)
        return len(fake.requests), (result.facts.committed_weights if result.facts else ())


async def measure() -> None:
    for forge in ("gitlab", "codeberg", "bitbucket", "gitee"):
        plain, weighted = await count(forge, PLAIN), await count(forge, WEIGHTED)
        found = ", ".join(weighted[1]) or "none"
        print(f"{forge}: plain {plain[0]} requests, weighted {weighted[0]}; found {found}")


def main() -> None:
    asyncio.run(measure())


if __name__ == "__main__":
    main()
