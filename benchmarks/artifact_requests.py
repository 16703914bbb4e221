"""Requests per repository with the weights and data links checked: the world of
tests/end_to_end/test_artifacts.py (seven repositories whose READMEs give a dead checkpoint, a
gated and a private Hugging Face model, two Google Drive pages, a base model and a Dropbox
share), audited tokenless through the command line against the fakes, every server's requests
counted. `python -m benchmarks.artifact_requests`."""

from __future__ import annotations

import tempfile
from pathlib import Path

from auditor import cli
from auditor.net import client
from tests.end_to_end.test_artifacts import DRIVE, FILES, cases, drive_pages, hub_routes
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import host_world
from tests.support.local_servers import FakeDNS, Reply, serve


def main() -> None:
    with (
        serve({"/ckpt/labnet.pt": Reply(404, b"no such file")}) as files,
        serve(drive_pages()) as drive_server,
        host_world({"huggingface": hub_routes()}) as hosts,
    ):
        readmes = cases(files, drive_server.url("", host=DRIVE).rstrip("/"))
        repos = [
            FakeRepo(f"acme/{name}", {"README.md": text, **FILES}) for name, text in readmes.items()
        ]
        # The benchmark's own process: the one resolver answers the canary and Drive's name.
        client.system_resolver = FakeDNS({"github.com": "140.82.112.3", DRIVE: "127.0.0.1"})
        with FakeGitHub(repos) as github, tempfile.TemporaryDirectory() as folder:
            listed = Path(folder) / "papers.txt"
            listed.write_text(
                "\n\n".join(f"We present {n}. Code: https://github.com/acme/{n}" for n in readmes)
                + "\n",
                encoding="utf-8",
            )
            out = Path(folder) / "out"
            extra = ("--max-retries", "0", "--fail-on", "never", "--quiet")
            cli.main(audit_arguments(listed, out, github.url, *extra), environ=hosts.environ())
            count = len(repos)
            asked = {
                "GitHub REST": len(github.requests),
                "Hugging Face API": len(hosts.servers["huggingface"].requests),
                "file hosts": len(files.requests) + len(drive_server.requests),
            }
    for name, requests in asked.items():
        print(f"{name}: {requests} ({requests / count:.2f} per repository)")
    print(f"total: {sum(asked.values()) / count:.2f} per repository, {count} repositories")


if __name__ == "__main__":
    main()
